// "Notifications on this device": each kind of push notification on or off for the phone or computer in hand (a push
// subscription of a service worker, one per device). The breeder's switches use the dashboard's worker (scope /admin);
// a family's, on My Family, a small worker of their own (public/account-sw.js, scope /account), registered when a
// family first turns one on.
import '@mantine/core/styles/Switch.layer.css';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { trpc, trpcClient, errorMessage } from '../../../lib/client/trpc.ts';
import type { BREEDER_TOPIC_LABELS, FAMILY_TOPIC_LABELS } from '../notifications.schema.ts';

type AnyTopic = keyof typeof BREEDER_TOPIC_LABELS | keyof typeof FAMILY_TOPIC_LABELS;

/** A refusal this screen words itself (a denied permission, no worker), shown as it is. */
class Refusal extends Error {}

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export interface DeviceNotificationsProps<Topic extends AnyTopic> {
  /** The topics this side may choose, with their switches' labels. */
  labels: Record<Topic, string>;
  /** The worker that receives the pushes, if this device has it already. */
  findWorker: () => Promise<ServiceWorkerRegistration | null>;
  /** The worker, registered (and active) if need be. */
  ensureWorker: () => Promise<ServiceWorkerRegistration | null>;
  /** What to say when the browser cannot receive notifications. */
  unsupported: string;
  /** What to say when there is no worker to subscribe with. */
  noWorker: string;
}

export function DeviceNotifications<Topic extends AnyTopic>({
  labels,
  findWorker,
  ensureWorker,
  unsupported,
  noWorker,
}: DeviceNotificationsProps<Topic>) {
  const TOPICS = Object.keys(labels) as Topic[];
  const [endpoint, setEndpoint] = useState<string | undefined>(undefined);
  const [ready, setReady] = useState(false);
  /** What a switch waits for while it is busy (said under the switches, issue 45), or null. */
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const device = useQuery({ ...trpc.notifications.device.queryOptions({ endpoint }), enabled: ready });

  useEffect(() => {
    if (!supported()) return;
    void findWorker()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => setEndpoint(sub?.endpoint))
      .catch(() => {})
      .finally(() => setReady(true));
  }, [findWorker]);

  const chosen = new Set<string>(device.data?.topics ?? []);

  async function toggle(topic: Topic, on: boolean) {
    setBusy('Saving your choice…');
    setProblem(null);
    try {
      const topics = TOPICS.filter((t) => (t === topic ? on : chosen.has(t)));
      if (topics.length) setBusy('Setting up notifications on this device…');
      const reg = topics.length ? await ensureWorker() : await findWorker();
      if (!reg && topics.length) throw new Refusal(noWorker);
      let sub = (await reg?.pushManager.getSubscription()) ?? null;
      if (!topics.length) {
        if (sub) {
          await trpcClient.notifications.unsubscribe.mutate({ endpoint: sub.endpoint });
          await sub.unsubscribe();
        }
        setEndpoint(undefined);
      } else if (sub && device.data?.subscribed) {
        await trpcClient.notifications.setTopics.mutate({ endpoint: sub.endpoint, topics });
      } else {
        setBusy('Waiting for you to allow notifications in the browser’s prompt…');
        if ((await Notification.requestPermission()) !== 'granted')
          throw new Refusal('This browser does not allow notifications from the site: allow them in its settings.');
        setBusy('Saving your choice…');
        const { publicKey } = await trpcClient.notifications.vapidKey.query();
        sub ??= await reg!.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
        const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
        await trpcClient.notifications.subscribe.mutate({ endpoint: json.endpoint, keys: json.keys, topics });
        setEndpoint(sub.endpoint);
      }
      await queryClient.invalidateQueries({ queryKey: trpc.notifications.device.queryKey() });
    } catch (error) {
      setProblem(error instanceof Refusal ? error.message : errorMessage(error, 'The notification settings could not be saved.'));
    } finally {
      setBusy(null);
    }
  }

  // Why the switches cannot be used yet, said rather than left greyed out (issue 45).
  const waiting = !ready
    ? 'Checking whether this device already receives notifications…'
    : device.isPending
      ? 'Loading this device’s choices…'
      : busy;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notifications-heading" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="notifications-heading">
          Notifications on this device
        </Title>
        {!supported() ? (
          <Text c="dimmed">{unsupported}</Text>
        ) : (
          <>
            {TOPICS.map((topic) => (
              <Switch
                key={topic}
                label={labels[topic]}
                checked={chosen.has(topic)}
                disabled={waiting !== null}
                aria-describedby={waiting ? 'notifications-waiting' : undefined}
                onChange={(e) => void toggle(topic, e.currentTarget.checked)}
              />
            ))}
            <Text size="sm" c="dimmed" id="notifications-waiting" role="status">
              {waiting}
            </Text>
            {device.data && device.data.devices > 0 && (
              <Text size="sm" c="dimmed">
                Notifications go to {device.data.devices} {device.data.devices === 1 ? 'device' : 'devices'} of yours.
              </Text>
            )}
          </>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
