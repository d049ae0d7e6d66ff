// What the phone is holding to send: each post written without a signal, "waiting to send" or failed, with retry and
// discard. Sends on mount and whenever the connection returns; the service worker's Background Sync sends too, with
// the dashboard closed (offline-queue.ts), and this list follows what it did.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ToneBadge } from '../ToneBadge.tsx';
import { discard, onQueueChange, queuedRequests, sendQueued, type QueuedRequest } from './offline-queue.ts';

export function useOfflineQueue() {
  const [items, setItems] = useState<QueuedRequest[]>([]);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    const load = () => void queuedRequests().then(setItems).catch(() => {});
    // What was stored shows on the screens (only then: a refetch of everything would cost the offline copy its batch).
    const send = () => void sendQueued().then((n) => (n ? queryClient.invalidateQueries() : undefined)).catch(() => {});
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
  const items = useOfflineQueue();
  const queryClient = useQueryClient();
  if (!items.length) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="queue-heading" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="queue-heading">
          On this phone, not sent yet
        </Title>
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
                    <ToneBadge tone="yellow">Waiting to send</ToneBadge>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => void sendQueued({ retryFailed: true }).then((n) => (n ? queryClient.invalidateQueries() : undefined))}>
                    Retry
                  </Button>
                  <Button size="xs" variant="default" onClick={() => void discard(item.key)}>
                    Discard
                  </Button>
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}
