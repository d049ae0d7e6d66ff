// Newsletter subscribers: status, search, remove, CSV export.
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { DateText } from '../../../../lib/client/admin/Dates.tsx';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../subscribers.schema.ts';

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Awaiting confirmation',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
};

export function SubscribersAdmin() {
  return (
    <AdminList
      noun={['subscriber', 'subscribers']}
      queryOptions={(input) => trpc.admin.subscribers.list.queryOptions(input)}
      csv="/api/admin/subscribers.csv"
      search={{ label: 'Search subscribers', placeholder: 'E-mail or name' }}
      filters={{
        status: {
          label: 'Status',
          placeholder: 'All statuses',
          data: SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        },
      }}
      empty="No subscribers yet. Sign-ups from the newsletter form will appear here."
      counted
      renderItem={(s, row) => (
        <ItemCard
          title={s.email}
          badges={
            <ToneBadge tone={s.status === 'active' ? 'green' : s.status === 'pending' ? 'yellow' : 'gray'}>
              {STATUS_LABELS[s.status]}
            </ToneBadge>
          }
          actions={
            <ActionIcon variant="subtle" color="red" size="lg" onClick={row.remove} aria-label={`Remove ${s.email}`}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          }
        >
          <Meta>
            {s.name ? `${s.name} · ` : ''}since <DateText iso={s.createdAt} />
          </Meta>
        </ItemCard>
      )}
      remove={{
        run: (s) => trpcClient.admin.subscribers.remove.mutate({ id: s.id }),
        title: 'Remove this subscriber?',
        confirmLabel: 'Remove',
        body: (s) => `${s.email} will be deleted from the newsletter list.`,
        done: (s) => ['Subscriber removed', `${s.email} is no longer on the list.`],
        failed: 'Could not remove the subscriber',
      }}
    />
  );
}
