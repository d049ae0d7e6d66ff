// The dashboard's first screen: what needs attention (unread inquiries, new applications) and the site at a glance.
import { useQuery } from '@tanstack/react-query';
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../lib/client/trpc.ts';

function Stat({ label, value, action, to, emphasis }: { label: string; value: number | undefined; action: string; to: string; emphasis?: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" bg={emphasis ? 'var(--surface-highlight)' : undefined}>
      <Stack gap={6} align="flex-start">
        <Text size="sm" c="dimmed" component="h3" m={0} fw={500}>
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1} aria-live="polite">
          {value ?? '…'}
        </Text>
        <Button variant="light" size="xs" component={Link} to={to}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

export function Overview() {
  const unread = useQuery(trpc.admin.inquiries.unreadCount.queryOptions());
  const available = useQuery(trpc.admin.puppies.list.queryOptions({ page: 1, status: 'available' }));
  const reserved = useQuery(trpc.admin.puppies.list.queryOptions({ page: 1, status: 'reserved' }));
  const litters = useQuery(trpc.admin.litters.list.queryOptions({ page: 1 }));
  const subscribers = useQuery(trpc.admin.subscribers.list.queryOptions({ page: 1, status: 'active' }));
  const applications = useQuery(trpc.admin.applications.newCount.queryOptions());
  const waitlisted = useQuery(trpc.admin.applications.list.queryOptions({ page: 1, status: 'waitlisted' }));
  const failed = [unread, available, reserved, litters, subscribers, applications, waitlisted].some((q) => q.isError);

  return (
    <Stack>
      <Title order={2}>Overview</Title>
      {failed && (
        <Text c="red" role="alert">
          Some figures could not be loaded. Please reload the page.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Stat label="Unread inquiries" value={unread.data?.unread} action="Open inbox" to="/admin/inbox" emphasis={(unread.data?.unread ?? 0) > 0} />
        <Stat label="New applications" value={applications.data?.unread} action="Review applications" to="/admin/applications" emphasis={(applications.data?.unread ?? 0) > 0} />
        <Stat label="Families on the waitlist" value={waitlisted.data?.total} action="Open the waitlist" to="/admin/waitlist" />
        <Stat label="Puppies available" value={available.data?.total} action="Manage puppies" to="/admin/puppies" />
        <Stat label="Puppies reserved" value={reserved.data?.total} action="Manage puppies" to="/admin/puppies" />
        <Stat label="Litters" value={litters.data?.total} action="Manage litters" to="/admin/litters" />
        <Stat label="Newsletter subscribers" value={subscribers.data?.total} action="View subscribers" to="/admin/subscribers" />
      </SimpleGrid>
    </Stack>
  );
}
