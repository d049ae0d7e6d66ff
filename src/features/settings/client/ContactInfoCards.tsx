// The three cards beside the contact form (SPEC §2 section 9): town only (never the address),
// phone, e-mail and 'Available by appointment', and the three social networks.
import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { SocialLinks } from '../../../lib/client/SocialLinks.tsx';

export function ContactInfoCards() {
  const settings = useQuery(trpc.settings.get.queryOptions());
  if (settings.isPending) {
    return (
      <Stack gap="md">
        <Skeleton height={120} radius="md" />
        <Skeleton height={150} radius="md" />
        <Skeleton height={100} radius="md" />
      </Stack>
    );
  }
  const s = settings.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group gap="sm" mb="xs" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
            <IconMapPin size={20} />
          </ThemeIcon>
          <Title order={3} size="h4">
            Location
          </Title>
        </Group>
        <Text fw={600}>{s?.town ?? 'Colorado'}</Text>
        <Text size="sm" mt={4}>
          For the safety of our family and dogs we don&apos;t publish our address. Visits are arranged for serious inquiries.
        </Text>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Group gap="sm" mb="xs" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
            <IconPhone size={20} />
          </ThemeIcon>
          <Title order={3} size="h4">
            Contact Information
          </Title>
        </Group>
        <Stack gap={6}>
          {s?.phone && (
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={16} aria-hidden="true" />
              <Anchor href={`tel:${s.phone.replace(/[^\d+]/g, '')}`}>{s.phone}</Anchor>
            </Group>
          )}
          {s?.email && (
            <Group gap="xs" wrap="nowrap">
              <IconMail size={16} aria-hidden="true" />
              <Anchor href={`mailto:${s.email}`} style={{ wordBreak: 'break-all' }}>
                {s.email}
              </Anchor>
            </Group>
          )}
          <Group gap="xs" wrap="nowrap">
            <IconClock size={16} aria-hidden="true" />
            <Text size="sm">Available by appointment</Text>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          Follow Us
        </Title>
        <SocialLinks urls={s} label="Our social networks" />
      </Card>
    </Stack>
  );
}
