// The gallery lightbox (SPEC §2, §4, §9): previous / next / close, arrow keys, swipe and Escape, the
// index wrapping at both ends, body scroll locked while open, images at w=800 q=80, sized so the
// picture and its controls fit the viewport.
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { useEffect, useState } from 'react';
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { useDrag } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { preloadResponsiveImage, ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import type { GalleryImageDto } from '../gallery.schema.ts';

export const LIGHTBOX_WIDTH = 800;
export const LIGHTBOX_QUALITY = 80;
const LARGE = { width: LIGHTBOX_WIDTH, fixedWidth: LIGHTBOX_WIDTH, quality: LIGHTBOX_QUALITY } as const;

export const wrapIndex = (i: number, n: number) => ((i % n) + n) % n;

/** How far a finger must travel sideways before a swipe turns the picture. */
export const SWIPE_DISTANCE = 40;
/**
 * The picture's height: at most its 600 px, less what the dialog needs around it (the modal's
 * margins, title bar, the caption and controls row), so the controls stay on a laptop screen.
 */
const IMAGE_HEIGHT = 'min(600px, calc(100dvh - 10dvh - 190px))';

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
  // Open only after the first render, so the dialog notes what had focus and gives it back on close.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const opened = ready && index !== null;
  const [last, setLast] = useState(index ?? 0);
  if (index !== null && index !== last) setLast(index);
  const n = images.length;
  const current = images[wrapIndex(last, n)]!;

  const prev = () => onIndexChange(wrapIndex(last - 1, n));
  const next = () => onIndexChange(wrapIndex(last + 1, n));

  // A sideways swipe turns the picture; vertical movement stays the browser's (touch-action below).
  const swipe = useDrag<HTMLDivElement>(
    ({ last: done, canceled, movement: [dx] }) => {
      if (!done || canceled || Math.abs(dx) < SWIPE_DISTANCE) return;
      if (dx < 0) next();
      else prev();
    },
    { axis: 'lock', enabled: n > 1 },
  );

  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') {
        e.preventDefault();
        onIndexChange(wrapIndex(last - 1, n));
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        onIndexChange(wrapIndex(last + 1, n));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, last, n, onIndexChange]);

  // The neighbours load in the background so previous / next feel instant.
  useEffect(() => {
    if (!opened || n < 2) return;
    preloadResponsiveImage(images[wrapIndex(last + 1, n)]!.imageUrl, LARGE);
    preloadResponsiveImage(images[wrapIndex(last - 1, n)]!.imageUrl, LARGE);
  }, [opened, last, n, images]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={880}
      centered
      radius="md"
      title={current.title}
      closeButtonProps={{ 'aria-label': 'Close gallery' }}
      aria-roledescription="lightbox"
    >
      <div ref={swipe.ref} data-swipe-area="" style={{ position: 'relative', touchAction: 'pan-y', userSelect: 'none' }}>
        <ResponsiveImage
          key={current.id}
          src={current.imageUrl}
          alt={current.description ? `${current.title}: ${current.description}` : current.title}
          {...LARGE}
          height={600}
          fit="contain"
          priority
          radius={8}
          style={{ background: 'var(--mantine-color-dark-9)', width: 'auto', maxWidth: '100%', height: IMAGE_HEIGHT, marginInline: 'auto' }}
        />
      </div>
      <Group justify="space-between" mt="sm" wrap="nowrap" gap="sm">
        <ActionIcon variant="filled" size="xl" radius="xl" onClick={prev} aria-label="Previous image">
          <IconChevronLeft aria-hidden="true" />
        </ActionIcon>
        <div style={{ textAlign: 'center', minWidth: 0 }}>
          {current.description && <Text size="sm">{current.description}</Text>}
          <Text size="sm" c="dimmed" aria-live="polite">
            {wrapIndex(last, n) + 1} of {n}
          </Text>
        </div>
        <ActionIcon variant="filled" size="xl" radius="xl" onClick={next} aria-label="Next image">
          <IconChevronRight aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Modal>
  );
}
