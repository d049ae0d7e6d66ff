// The family's timeline of updates, newest first, each photo opening in a lightbox (buttons, arrow keys, Escape).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { useEffect, useState } from 'react';
import { ActionIcon, Card, Group, Image, Modal, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatOunces, type PortalPhotoDto, type PortalUpdateDto } from '../portal.schema.ts';

function Lightbox({ photos, index, onIndex, onClose, title }: { photos: PortalPhotoDto[]; index: number | null; onIndex: (i: number) => void; onClose: () => void; title: string }) {
  const n = photos.length;
  const i = index ?? 0;
  useEffect(() => {
    if (index === null || n < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndex((i - 1 + n) % n);
      if (e.key === 'ArrowRight') onIndex((i + 1) % n);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, i, n, onIndex]);
  return (
    <Modal opened={index !== null} onClose={onClose} title={title} size="xl" centered closeButtonProps={{ 'aria-label': 'Close photo' }}>
      {index !== null && (
        <Stack gap="sm">
          <Image src={`${photos[i]!.url}?w=1280`} alt={`Photo ${i + 1} of ${n}: ${title}`} mah="70dvh" fit="contain" />
          {n > 1 && (
            <Group justify="space-between">
              <ActionIcon variant="default" size="lg" aria-label="Previous photo" onClick={() => onIndex((i - 1 + n) % n)}>
                <IconChevronLeft aria-hidden />
              </ActionIcon>
              <Text size="sm">
                {i + 1} / {n}
              </Text>
              <ActionIcon variant="default" size="lg" aria-label="Next photo" onClick={() => onIndex((i + 1) % n)}>
                <IconChevronRight aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function UpdateCard({ update }: { update: PortalUpdateDto }) {
  const [open, setOpen] = useState<number | null>(null);
  const when = new Date(update.createdAt).toLocaleDateString(undefined, { weekday: 'short', month: 'long', day: 'numeric' });
  return (
    <Card withBorder padding="md" component="article" aria-label={`${update.about}, ${when}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700}>{update.about}</Text>
        <Text size="sm" c="dimmed">
          <time dateTime={update.createdAt}>{when}</time>
        </Text>
      </Group>
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {update.text}
      </Text>
      {update.weight && (
        <Text mt="xs" fw={600}>
          Weighed {formatOunces(update.weight.ounces)} on {update.weight.date}
        </Text>
      )}
      {update.photos.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="sm">
          {update.photos.map((p, i) => (
            <UnstyledButton key={p.url} onClick={() => setOpen(i)} aria-label={`Open photo ${i + 1} of ${update.photos.length}`} style={{ borderRadius: 8, overflow: 'hidden' }}>
              <Image src={`${p.url}?w=320`} alt="" h={120} fit="cover" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Lightbox photos={update.photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} title={`${update.about}, ${when}`} />
    </Card>
  );
}

export function PuppyUpdates({ updates }: { updates: PortalUpdateDto[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Updates
      </Title>
      {updates.length === 0 ? (
        <Text c="dimmed">No updates yet. We post photos and news here as your puppy grows.</Text>
      ) : (
        updates.map((u) => <UpdateCard key={u.id} update={u} />)
      )}
    </Stack>
  );
}
