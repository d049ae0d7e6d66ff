import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { formatPrice, formatPuppyAge } from '../../../lib/shared/format.ts';
import type { PuppyDto } from '../puppies.schema.ts';

const STATUS_COLOR = { available: 'green', reserved: 'orange', sold: 'gray' } as const;

export function PuppyCard({ puppy, birthDate, onOpen }: { puppy: PuppyDto; birthDate: string | null; onOpen?: () => void }) {
  return (
    <Card withBorder radius="md" padding={0} h="100%">
      <UnstyledButton onClick={onOpen} aria-label={`View details for ${puppy.name}`} style={{ display: 'block', height: '100%' }}>
        <ResponsiveImage
          src={puppy.imageUrl}
          alt={`${puppy.name}, a ${puppy.color.toLowerCase()} ${puppy.gender} mini Goldendoodle puppy`}
          width={400}
          height={300}
        />
        <Stack gap={6} p="md">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} size="lg" component="h3" m={0}>
              {puppy.name}
            </Text>
            <Badge color={STATUS_COLOR[puppy.status]} variant="light" autoContrast>
              {puppy.status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {puppy.gender === 'male' ? 'Male' : 'Female'} · {puppy.color} · {formatPuppyAge(birthDate)}
          </Text>
          <Text fw={600}>{formatPrice(puppy.price)}</Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}
