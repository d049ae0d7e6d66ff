// Newsletter subscribers: status, search, remove, CSV export.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { SUBSCRIBER_STATUSES, type SubscriberAdminDto, type SubscriberStatus } from '../../subscribers/subscribers.schema.ts';
import { formatDate, notifyFailed, notifySaved, useInvalidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { SectionHeader } from './Section.tsx';
import { csvLink } from './InboxAdmin.tsx';

const STATUS_LABELS: Record<SubscriberStatus, string> = { active: 'Active', unsubscribed: 'Unsubscribed' };

export function SubscribersAdmin() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<SubscriberStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const filters = { status: status ?? undefined, search: debounced || undefined };
  const query = useQuery(trpc.admin.subscribers.list.queryOptions({ page, ...filters }));
  const [deleting, setDeleting] = useState<SubscriberAdminDto | null>(null);
  const invalidate = useInvalidate();
  const remove = useMutation(
    trpc.admin.subscribers.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Subscriber removed', `${deleting?.email ?? 'The address'} is no longer on the list.`);
        setDeleting(null);
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not remove the subscriber', e),
    }),
  );
  const filtered = !!(status || debounced);

  return (
    <>
      <SectionHeader
        title="Subscribers"
        actions={
          <Button component="a" href={csvLink('/api/admin/subscribers.csv', filters)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            Export CSV
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md" maw={640}>
        <TextInput
          label="Search subscribers"
          placeholder="E-mail or name"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => {
            setStatus(v as SubscriberStatus | null);
            setPage(1);
          }}
          clearable
        />
      </SimpleGrid>
      <QueryState query={query} what="subscribers" />
      {query.data && query.data.items.length === 0 && (
        <EmptyState>{filtered ? 'No subscribers match these filters.' : 'No subscribers yet. Sign-ups from the newsletter form will appear here.'}</EmptyState>
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <Text size="sm" c="gray.7" mb="xs">
            {query.data.total} {query.data.total === 1 ? 'subscriber' : 'subscribers'}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Subscribers">
            {query.data.items.map((s) => (
              <Paper component="li" key={s.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {s.email}
                      </Text>
                      <ToneBadge tone={s.status === 'active' ? 'green' : 'gray'}>
                        {STATUS_LABELS[s.status]}
                      </ToneBadge>
                    </Group>
                    <Text size="sm" c="gray.7">
                      {s.name ? `${s.name} · ` : ''}since {formatDate(s.createdAt)}
                    </Text>
                  </Stack>
                  <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setDeleting(s)} aria-label={`Remove ${s.email}`}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Subscribers" />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Remove this subscriber?"
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting?.email} will be deleted from the newsletter list.
      </ConfirmDeleteModal>
    </>
  );
}
