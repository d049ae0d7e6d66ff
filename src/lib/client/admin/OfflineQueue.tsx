// What the phone is holding to send: each post written without a signal, "waiting to send" or failed, with retry and
// discard. Sends on mount and whenever the connection returns; the service worker's Background Sync sends too, with
// the dashboard closed (offline-queue.ts), and this list follows what it did. What went while this page was open stays
// listed as "Sent" until the page is left (issue 45), so the breeder sees it go rather than vanish.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ToneBadge } from '../ToneBadge.tsx';
import { discard, onQueueChange, queuedRequests, sendQueued, type QueuedRequest } from './offline-queue.ts';

export type ListedRequest = Omit<QueuedRequest, 'status'> & { status: QueuedRequest['status'] | 'sent' };

/** "Waiting to send", and what it carries: "Waiting to send, with 2 photos". */
function waitingLabel(item: ListedRequest) {
  const files = item.files ?? [];
  if (!files.length) return 'Waiting to send';
  const noun = files.every((f) => f.kind === 'image') ? 'photo' : 'file';
  return `Waiting to send, with ${files.length} ${noun}${files.length === 1 ? '' : 's'}`;
}

/** Forgets a request without it being read as sent. */
const discarded = new Set<string>();

export function useOfflineQueue() {
  const [items, setItems] = useState<ListedRequest[]>([]);
  const seen = useRef(new Map<string, ListedRequest>());
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const load = () =>
      void queuedRequests()
        .then((queued) => {
          const now = new Set(queued.map((r) => r.key));
          // Gone from the queue and not discarded here: it was sent (by this page, another tab or the service worker).
          for (const [key, item] of seen.current)
            if (!now.has(key) && item.status !== 'sent') seen.current.set(key, { ...item, status: 'sent', files: undefined });
          for (const key of discarded) seen.current.delete(key);
          for (const request of queued) seen.current.set(request.key, request);
          setItems([...seen.current.values()]);
        })
        .catch(() => {});
    // What was stored shows on the screens (only then: a refetch of everything would cost the offline copy its batch).
    const send = () =>
      void sendQueued()
        .then((n) => (n ? queryClient.invalidateQueries() : undefined))
        .catch(() => {});
    load();
    send();
    // The service worker's Background Sync sent something while this page was open: list it, and show what was stored.
    const off = onQueueChange((storedByWorker) => {
      load();
      if (storedByWorker) void queryClient.invalidateQueries();
    });
    window.addEventListener('online', send);
    return () => {
      off();
      window.removeEventListener('online', send);
    };
  }, [queryClient]);
  return items;
}

export function OfflineQueue() {
  const all = useOfflineQueue();
  const queryClient = useQueryClient();
  if (!all.length) return null;
  const items = all.filter((item) => item.status !== 'sent');
  const sent = all.filter((item) => item.status === 'sent');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="queue-heading" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="queue-heading">
          {items.length ? 'On this phone, not sent yet' : 'Sent from this phone'}
        </Title>
        {sent.length > 0 && (
          <ul aria-label="Sent" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {sent.map((item) => (
              <li key={item.key}>
                <Group justify="space-between" wrap="wrap" gap="xs" py={6}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {item.label}
                  </Text>
                  <ToneBadge tone="green">Sent</ToneBadge>
                </Group>
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 && (
          <ul aria-label="Not sent yet" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={item.key}>
                <Group justify="space-between" wrap="wrap" gap="xs" py={6}>
                  <Stack gap={2} miw={0}>
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {item.label}
                    </Text>
                    {item.status === 'failed' ? (
                      <Text size="sm" c="red.8">
                        Failed: {item.error}
                      </Text>
                    ) : (
                      <ToneBadge tone="yellow">{waitingLabel(item)}</ToneBadge>
                    )}
                  </Stack>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void sendQueued({ retryFailed: true }).then((n) => (n ? queryClient.invalidateQueries() : undefined))}
                    >
                      Retry
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        discarded.add(item.key);
                        void discard(item.key);
                      }}
                    >
                      Discard
                    </Button>
                  </Group>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
