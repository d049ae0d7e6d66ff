// The site's one lightbox (issue 29): the gallery and the photos of a family's updates. A picture at a
// time in a dialog with previous / next buttons, the arrow keys, a sideways swipe (touch, pen or mouse) and
// Escape; the index wraps at both ends and the picture and its controls fit the screen.
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useSwipe, wrapIndex } from './use-swipe.ts';

export interface LightboxLabels {
  close: string;
  previous: string;
  next: string;
}

export interface LightboxProps {
  /** How many pictures there are. */
  count: number;
  /** The picture shown, or null while closed. */
  index: number | null;
  onIndexChange: (i: number) => void;
  onClose: () => void;
  /** The dialog's title for the picture at this index. */
  title: (i: number) => string;
  /** The picture at this index. */
  picture: (i: number) => ReactNode;
  /** A line under the picture, if it has one. */
  caption?: (i: number) => ReactNode;
  /** Loads the picture at this index in the background (the neighbours, so turning feels instant). */
  preload?: (i: number) => void;
  labels: LightboxLabels;
  size?: number | string;
}

export function Lightbox({ count: n, index, onIndexChange, onClose, title, picture, caption, preload, labels, size = 880 }: LightboxProps) {
  // Open only after the first render, so the dialog notes what had focus and gives it back on close.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const opened = ready && index !== null && n > 0;
  // The last picture shown stays in the dialog while it closes.
  const [last, setLast] = useState(index ?? 0);
  if (index !== null && index !== last) setLast(index);
  const at = n > 0 ? wrapIndex(last, n) : 0;

  const turn = (step: 1 | -1) => onIndexChange(wrapIndex(at + step, n));
  const swipe = useSwipe<HTMLDivElement>(turn, n > 1);

  useEffect(() => {
    if (!opened || n < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      onIndexChange(wrapIndex(at + (e.key === 'ArrowRight' ? 1 : -1), n));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, at, n, onIndexChange]);

  useEffect(() => {
    if (!opened || n < 2 || !preload) return;
    preload(wrapIndex(at + 1, n));
    preload(wrapIndex(at - 1, n));
  }, [opened, at, n, preload]);

  if (n === 0) return null;
  const line = caption?.(at);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      radius="md"
      title={title(at)}
      closeButtonProps={{ 'aria-label': labels.close }}
      aria-roledescription="lightbox"
    >
      <div ref={swipe.ref} data-swipe-area="" style={{ position: 'relative', touchAction: 'pan-y', userSelect: 'none' }}>
        {picture(at)}
      </div>
      <Group justify="space-between" mt="sm" wrap="nowrap" gap="sm">
        {n > 1 ? (
          <ActionIcon variant="filled" size="xl" radius="xl" onClick={() => turn(-1)} aria-label={labels.previous}>
            <IconChevronLeft aria-hidden="true" />
          </ActionIcon>
        ) : (
          <span />
        )}
        <div style={{ textAlign: 'center', minWidth: 0 }}>
          {line && <Text size="sm">{line}</Text>}
          <Text size="sm" c="dimmed" aria-live="polite">
            {at + 1} of {n}
          </Text>
        </div>
        {n > 1 ? (
          <ActionIcon variant="filled" size="xl" radius="xl" onClick={() => turn(1)} aria-label={labels.next}>
            <IconChevronRight aria-hidden="true" />
          </ActionIcon>
        ) : (
          <span />
        )}
      </Group>
    </Modal>
  );
}
