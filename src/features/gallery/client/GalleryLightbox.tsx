// The gallery's lightbox (SPEC §2, §4, §9): the site's one Lightbox (previous / next / close, arrow keys,
// swipe and Escape, the index wrapping at both ends) with the gallery's pictures at w=800 q=80, sized so
// the picture and its controls fit the viewport.
import { useCallback } from 'react';
import { Lightbox } from '../../../lib/client/Lightbox.tsx';
import { preloadResponsiveImage, ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import type { GalleryImageDto } from '../gallery.schema.ts';

export const LIGHTBOX_WIDTH = 800;
export const LIGHTBOX_QUALITY = 80;
const LARGE = { width: LIGHTBOX_WIDTH, fixedWidth: LIGHTBOX_WIDTH, quality: LIGHTBOX_QUALITY } as const;

/**
 * The picture's height: at most its 600 px, less what the dialog needs around it (the modal's
 * margins, title bar, the caption and controls row), so the controls stay on a laptop screen.
 */
const IMAGE_HEIGHT = 'min(600px, calc(100dvh - 10dvh - 190px))';

const LABELS = { close: 'Close gallery', previous: 'Previous image', next: 'Next image' };

export function GalleryLightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: GalleryImageDto[];
  index: number | null;
  onIndexChange: (i: number) => void;
  onClose: () => void;
}) {
  const preload = useCallback((i: number) => preloadResponsiveImage(images[i]!.imageUrl, LARGE), [images]);
  return (
    <Lightbox
      count={images.length}
      index={index}
      onIndexChange={onIndexChange}
      onClose={onClose}
      labels={LABELS}
      title={(i) => images[i]!.title}
      caption={(i) => images[i]!.description || null}
      preload={preload}
      picture={(i) => {
        const current = images[i]!;
        return (
          <ResponsiveImage
            key={current.id}
            src={current.imageUrl}
            alt={current.description ? `${current.title}: ${current.description}` : current.title}
            {...LARGE}
            height={600}
            fit="contain"
            priority
            radius={8}
            style={{
              background: 'var(--mantine-color-dark-9)',
              width: 'auto',
              maxWidth: '100%',
              height: IMAGE_HEIGHT,
              marginInline: 'auto',
            }}
          />
        );
      }}
    />
  );
}
