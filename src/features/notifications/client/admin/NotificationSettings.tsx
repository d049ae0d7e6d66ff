// "Notifications on this device": the breeder turns each kind of push notification on or off for the phone or
// computer she is holding (a push subscription of the dashboard's service worker, one per device).
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { trpc, trpcClient, errorMessage } from '../../../../lib/client/trpc.ts';
import { BREEDER_TOPIC_LABELS } from '../../notifications.schema.ts';

type Topic = keyof typeof BREEDER_TOPIC_LABELS;
const TOPICS = Object.keys(BREEDER_TOPIC_LABELS) as Topic[];

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function dashboardWorker() {
  return (await navigator.serviceWorker.getRegistration('/admin')) ?? null;
}

export function NotificationSettings() {
  const [endpoint, setEndpoint] = useState<string | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const device = useQuery({ ...trpc.notifications.device.queryOptions({ endpoint }), enabled: ready });

  useEffect(() => {
    if (!supported()) return;
    void dashboardWorker()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => setEndpoint(sub?.endpoint))
      .catch(() => {})
      .finally(() => setReady(true));
  }, []);

  const chosen = new Set<string>(device.data?.topics ?? []);

  async function toggle(topic: Topic, on: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      const topics = TOPICS.filter((t) => (t === topic ? on : chosen.has(t)));
      const reg = await dashboardWorker();
      if (!reg) throw new Error('Notifications need the installed dashboard: reload the page and try again.');
      let sub = await reg.pushManager.getSubscription();
      if (!topics.length) {
        if (sub) {
          await trpcClient.notifications.unsubscribe.mutate({ endpoint: sub.endpoint });
          await sub.unsubscribe();
        }
        setEndpoint(undefined);
      } else if (sub && device.data?.subscribed) {
        await trpcClient.notifications.setTopics.mutate({ endpoint: sub.endpoint, topics });
      } else {
        if ((await Notification.requestPermission()) !== 'granted') throw new Error('This browser does not allow notifications from the site: allow them in its settings.');
        const { publicKey } = await trpcClient.notifications.vapidKey.query();
        sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
        const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
        await trpcClient.notifications.subscribe.mutate({ endpoint: json.endpoint, keys: json.keys, topics });
        setEndpoint(sub.endpoint);
      }
      await queryClient.invalidateQueries({ queryKey: trpc.notifications.device.queryKey() });
    } catch (error) {
      setProblem(errorMessage(error, 'The notification settings could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notifications-heading" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="notifications-heading">
          Notifications on this device
        </Title>
        {!supported() ? (
          <Text c="dimmed">This browser cannot receive notifications. On an iPhone, add the dashboard to the home screen first.</Text>
        ) : (
          <>
            {TOPICS.map((topic) => (
              <Switch
                key={topic}
                label={BREEDER_TOPIC_LABELS[topic]}
                checked={chosen.has(topic)}
                disabled={busy || !ready || device.isPending}
                onChange={(e) => void toggle(topic, e.currentTarget.checked)}
              />
            ))}
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
