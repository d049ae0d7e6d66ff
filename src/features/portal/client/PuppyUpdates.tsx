// The family's timeline of updates, newest first, each photo opening in the site's one lightbox (buttons,
// arrow keys, swipe and Escape).
import { useState } from 'react';
import { Card, Group, Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Lightbox } from '../../../lib/client/Lightbox.tsx';
import { formatDay } from '../../../lib/shared/format.ts';
import { formatOunces, type PortalPhotoDto, type PortalUpdateDto } from '../portal.schema.ts';

const LABELS = { close: 'Close photo', previous: 'Previous photo', next: 'Next photo' };

function Photos({
  photos,
  index,
  onIndex,
  onClose,
  title,
}: {
  photos: PortalPhotoDto[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  title: string;
}) {
  const n = photos.length;
  return (
    <Lightbox
      count={n}
      index={index}
      onIndexChange={onIndex}
      onClose={onClose}
      labels={LABELS}
      title={() => title}
      picture={(i) => (
        <Image
          key={photos[i]!.url}
          src={`${photos[i]!.url}?w=1280`}
          alt={`Photo ${i + 1} of ${n}: ${title}`}
          mah="min(70dvh, calc(100dvh - 10dvh - 190px))"
          fit="contain"
        />
      )}
    />
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
          Weighed {formatOunces(update.weight.ounces)} on {formatDay(update.weight.date)}
        </Text>
      )}
      {update.photos.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="sm">
          {update.photos.map((p, i) => (
            <UnstyledButton
              key={p.url}
              onClick={() => setOpen(i)}
              aria-label={`Open photo ${i + 1} of ${update.photos.length}`}
              style={{ borderRadius: 8, overflow: 'hidden' }}
            >
              <Image src={`${p.url}?w=320`} alt="" h={120} fit="cover" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Photos photos={update.photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} title={`${update.about}, ${when}`} />
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
