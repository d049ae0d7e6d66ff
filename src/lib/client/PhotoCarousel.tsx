// A set of photos shown one at a time: previous / next buttons, the arrow keys and a sideways swipe
// (wrapping at both ends), a counter, and an optional video under them with its own controls, muted
// until the visitor turns the sound on. Used for a puppy's and a parent dog's photos.
import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { preloadResponsiveImage, ResponsiveImage } from './ResponsiveImage.tsx';
import { useSwipe, wrapIndex as wrap } from './use-swipe.ts';

export interface PhotoCarouselProps {
  photos: string[];
  /** Describes the subject; "photo 2 of 5" is added when there are several. */
  alt: string;
  /** The carousel's name, e.g. "Photos of Biscuit". */
  label: string;
  videoUrl?: string | null;
  videoLabel?: string;
  width: number;
  height: number;
  sizes: string;
}

export function PhotoCarousel({ photos, alt, label, videoUrl, videoLabel, width, height, sizes }: PhotoCarouselProps) {
  const n = photos.length;
  const [shown, setShown] = useState(0);
  const index = n > 0 ? wrap(shown, n) : 0;
  const go = (i: number) => {
    const next = wrap(i, n);
    setShown(next);
    // The one after loads in the background so the next turn feels instant.
    preloadResponsiveImage(photos[wrap(next + 1, n)], { width, sizes });
  };
  const swipe = useSwipe<HTMLDivElement>((step) => go(index + step), n > 1);
  const onKeyDown = (e: KeyboardEvent) => {
    if (n < 2) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'ArrowRight') go(index + 1);
    else return;
    e.preventDefault();
  };

  return (
    <Stack gap="xs">
      <div role="group" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
        <div ref={swipe.ref} data-swipe-area="" style={{ position: 'relative', touchAction: 'pan-y', userSelect: 'none' }}>
          <ResponsiveImage
            key={photos[index] ?? 'none'}
            src={photos[index]}
            alt={n > 1 ? `${alt}, photo ${index + 1} of ${n}` : alt}
            width={width}
            height={height}
            priority
            radius={8}
            sizes={sizes}
          />
        </div>
        {n > 1 && (
          <Group justify="space-between" mt={6} wrap="nowrap">
            <ActionIcon variant="default" size="lg" radius="xl" onClick={() => go(index - 1)} aria-label="Previous photo">
              <IconChevronLeft size={20} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite">
              Photo {index + 1} of {n}
            </Text>
            <ActionIcon variant="default" size="lg" radius="xl" onClick={() => go(index + 1)} aria-label="Next photo">
              <IconChevronRight size={20} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </div>
      {videoUrl && (
        <video
          src={videoUrl}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label={videoLabel}
          style={{ width: '100%', borderRadius: 8, display: 'block', background: '#000' }}
        />
      )}
    </Stack>
  );
}
