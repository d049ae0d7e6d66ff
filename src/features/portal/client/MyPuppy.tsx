// The family's matched puppy: photo, litter, latest weight and the pickup date with a countdown.
import { useEffect, useState } from 'react';
import { Alert, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '../../../lib/shared/format.ts';
import { formatOunces, litterLabel, type PortalPuppyDto } from '../portal.schema.ts';

const DAY_MS = 86_400_000;

/** "3 days, 4 hours to go", "5 hours to go", or "Pickup time has arrived" once the time has passed; null without a (valid) date. */
export function countdown(at: string | null | undefined, now: number): string | null {
  const pickup = at ? Date.parse(at) : NaN;
  if (Number.isNaN(pickup)) return null;
  const ms = pickup - now;
  if (ms <= 0) return 'Pickup time has arrived';
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / 3_600_000);
  if (days === 0) return hours === 0 ? 'Less than an hour to go' : `${hours} hour${hours === 1 ? '' : 's'} to go`;
  return `${days} day${days === 1 ? '' : 's'}${hours ? `, ${hours} hour${hours === 1 ? '' : 's'}` : ''} to go`;
}

function Pickup({ at }: { at: string }) {
  // The countdown is the browser's: no server-rendered time to mismatch.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const when = new Date(at).toLocaleString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    // The title in the body's text colour: the light variant's teal title reached only 4.32:1 on its tint.
    <Alert variant="light" color="teal" title="Pickup day" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Text>{when}</Text>
      {now !== null && <Text fw={600}>{countdown(at, now)}</Text>}
    </Alert>
  );
}

export function MyPuppy({ puppies }: { puppies: PortalPuppyDto[] }) {
  if (!puppies.length) {
    return (
      <Card withBorder padding="lg">
        <Title order={2} size="h3">
          Your puppy
        </Title>
        <Text mt="xs">Once we match you with a puppy, you will follow her here: updates, photos, weights and pickup day.</Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {puppies.map((p) => (
        <Card key={p.id} withBorder padding="lg">
          <Group align="flex-start" wrap="wrap" gap="lg">
            {p.imageUrl && <Image src={`${p.imageUrl}?w=320`} alt={`${p.name}`} w={160} h={160} radius="md" fit="cover" />}
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Title order={2} size="h3">
                {p.name}
              </Title>
              {p.litterName && <Text>From the {litterLabel(p.litterName)}</Text>}
              {p.birthDate && <Text>Born {formatDay(p.birthDate)}</Text>}
              {p.latestOunces !== null && <Text>Latest weight: {formatOunces(p.latestOunces)}</Text>}
              {p.pickupAt ? <Pickup at={p.pickupAt} /> : <Text c="dimmed">We will set your pickup date and time here.</Text>}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
