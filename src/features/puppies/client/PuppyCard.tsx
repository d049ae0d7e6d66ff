// A puppy in the Our Puppies grid; the whole card is the button that opens the detail dialog.
import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { ToneBadge, type Tone } from '../../../lib/client/ToneBadge.tsx';
import { formatPrice, formatPuppyAge } from '../../../lib/shared/format.ts';
import type { PuppyDto } from '../puppies.schema.ts';
import classes from './PuppyCard.module.css';

export const STATUS_COLOR = { available: 'green', reserved: 'orange', sold: 'gray' } as const satisfies Record<string, Tone>;
export const STATUS_LABEL = { available: 'Available', reserved: 'Reserved', sold: 'Sold' } as const;
export const genderLabel = (g: PuppyDto['gender']) => (g === 'male' ? 'Male' : 'Female');

export function puppyAlt(puppy: PuppyDto) {
  return `${puppy.name}, a ${puppy.color.toLowerCase()} ${puppy.gender} mini Goldendoodle puppy`;
}

export function PuppyCard({
  puppy,
  birthDate,
  onOpen,
  onIntent,
}: {
  puppy: PuppyDto;
  birthDate: string | null;
  onOpen?: () => void;
  onIntent?: () => void;
}) {
  return (
    <Card withBorder radius="md" padding={0} h="100%" component="li" className={classes.card} onPointerEnter={onIntent}>
      <ResponsiveImage
        src={puppy.imageUrl}
        alt={puppyAlt(puppy)}
        width={400}
        height={300}
        sizes="(max-width: 768px) 100vw, (max-width: 1024px) 50vw, 380px"
      />
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg" component="h3" m={0}>
            <UnstyledButton className={classes.open} onClick={onOpen} onFocus={onIntent} aria-haspopup="dialog">
              <span className="visually-hidden">View details for </span>
              {puppy.name}
            </UnstyledButton>
          </Text>
          <ToneBadge tone={STATUS_COLOR[puppy.status]}>{STATUS_LABEL[puppy.status]}</ToneBadge>
        </Group>
        <Text size="sm" c="dimmed">
          {genderLabel(puppy.gender)} · {puppy.color} · {formatPuppyAge(birthDate)}
        </Text>
        <Text fw={600}>{formatPrice(puppy.price)}</Text>
      </Stack>
    </Card>
  );
}
