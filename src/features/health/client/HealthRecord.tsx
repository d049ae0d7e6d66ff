// The family's "Health record" card in /account: its puppy's care record as it grows, what comes next after go-home,
// the passport PDF, read-only links for its vet (revocable), and the reminder e-mail switch.
import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { PageSpinner } from '../../../lib/client/PageSpinner.tsx';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { formatDay } from '../../../lib/shared/format.ts';
import { ShareLinkButton } from '../../../lib/client/ShareLinkButton.tsx';
import type { HealthRecordDto } from '../health.schema.ts';
import { CareItemLine } from './CareItemLine.tsx';

const failed = (title: string) => (error: unknown) =>
  toast({ title, message: errorMessage(error, 'Please try again.'), variant: 'destructive' });
const formatDate = formatDay;

function VetLinks({ puppyId, name }: { puppyId: number; name: string }) {
  const queryClient = useQueryClient();
  const links = useQuery(trpc.health.shareLinks.queryOptions({ puppyId }));
  const [days, setDays] = useState('14');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.health.shareLinks.queryKey({ puppyId }) });
  const create = useMutation(
    trpc.health.createShareLink.mutationOptions({ onSuccess: refresh, onError: failed('Could not make the link') }),
  );
  const revoke = useMutation(
    trpc.health.revokeShareLink.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Link revoked', message: 'It no longer opens the record.', variant: 'success' });
        return refresh();
      },
      onError: failed('Could not revoke the link'),
    }),
  );
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Share with your vet
      </Title>
      <Text size="sm">A read-only link to {name}'s record and passport; your vet needs no account. You can revoke it at any time.</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Link works for"
          data={[
            { value: '7', label: '7 days' },
            { value: '14', label: '14 days' },
            { value: '30', label: '30 days' },
          ]}
          value={days}
          onChange={(v) => v && setDays(v)}
          allowDeselect={false}
          w={140}
        />
        <Button onClick={() => create.mutate({ puppyId, days: Number(days) })} loading={create.isPending}>
          Create a link for your vet
        </Button>
      </Group>
      {links.error && <Text c="red.8">{errorMessage(links.error, 'Could not load your links.')}</Text>}
      {links.data?.map((l) => (
        <Card key={l.id} withBorder padding="xs">
          <Stack gap={6}>
            <Group gap="xs">
              {/* ToneBadge: Mantine's light green and gray badges are under 4.5:1 (issue 45). */}
              <ToneBadge tone={l.active ? 'green' : 'gray'} tt="none">
                {l.active ? `Works until ${formatDate(l.expiresAt.slice(0, 10))}` : l.revokedAt ? 'Revoked' : 'Expired'}
              </ToneBadge>
            </Group>
            {l.active && (
              <Group gap="xs" wrap="wrap" align="flex-end">
                <TextInput
                  label="Link for your vet"
                  value={l.url}
                  readOnly
                  style={{ flex: 1 }}
                  miw={200}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <ShareLinkButton url={l.url} title="Health record" text="Our puppy's health record, for the vet" />
                <Button
                  variant="outline"
                  color="red.9"
                  // The error red of each theme: red-9 on a dark card was 2.48:1 (issue 45).
                  style={{ color: 'var(--mantine-color-error)', borderColor: 'var(--mantine-color-error)' }}
                  onClick={() => revoke.mutate({ id: l.id })}
                  loading={revoke.isPending && revoke.variables?.id === l.id}
                >
                  Revoke
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** One puppy's record; the breeder's view (forBreeder) lists everything due, overdue marked, and has no vet links. */
export function PuppyHealth({ record, forBreeder = false }: { record: HealthRecordDto; forBreeder?: boolean }) {
  const { puppy } = record;
  const coming = record.due.filter((d) => forBreeder || puppy.goneHome || d.afterGoHome || d.scheduleItemId === null);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`health-${puppy.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`health-${puppy.id}`}>
          Health record: {puppy.name}
        </Title>
        <Text size="sm">
          <strong>Microchip:</strong>{' '}
          {record.microchip ? `${record.microchip.number}${record.microchip.registry ? ` (${record.microchip.registry})` : ''}` : 'not yet'}
        </Text>
        {record.microchip?.warning && (
          <Text size="sm" c="dimmed">
            {record.microchip.warning}
          </Text>
        )}
        {record.nextAfterGoHome && (
          <Alert color="blue" title="Next for your vet">
            {record.nextAfterGoHome.label}: due {formatDate(record.nextAfterGoHome.dueOn)}
          </Alert>
        )}
        {(coming.length > 1 || (forBreeder && coming.length > 0)) && (
          <Stack gap={2}>
            <Title order={3} size="h5">
              Coming up
            </Title>
            <Stack component="ul" gap={2} style={{ margin: 0, paddingLeft: '1.2rem' }}>
              {coming.map((d) => (
                <li key={`${d.scheduleItemId}-${d.label}-${d.dueOn}`}>
                  <Text size="sm">
                    {formatDate(d.dueOn)}: {d.label}
                    {d.overdue ? ' (overdue)' : ''}
                  </Text>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        <Title order={3} size="h5">
          Care so far
        </Title>
        {record.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Stack component="ul" gap={6} style={{ margin: 0, paddingLeft: '1.2rem' }} aria-label={`${puppy.name}'s care record`}>
            {record.items.map((i) => (
              <li key={i.id}>
                <CareItemLine item={i} />
              </li>
            ))}
          </Stack>
        )}
        {record.weights.length > 0 && (
          <Text size="sm">
            Weighed {record.weights.length} time{record.weights.length === 1 ? '' : 's'}; latest {record.weights.at(-1)!.ounces} oz on{' '}
            {formatDay(record.weights.at(-1)!.date)}.
          </Text>
        )}
        <Group>
          <Button component="a" href={`/health/passport/${puppy.id}`} target="_blank" variant="light">
            Download the puppy passport (PDF)
          </Button>
        </Group>
        {!forBreeder && <VetLinks puppyId={puppy.id} name={puppy.name} />}
      </Stack>
    </Card>
  );
}

function OnePuppy({ puppyId }: { puppyId: number }) {
  const record = useQuery(trpc.health.record.queryOptions({ puppyId }));
  if (record.error)
    return (
      <Alert color="red" title="Could not load the health record">
        {errorMessage(record.error, 'Please reload the page.')}
      </Alert>
    );
  if (!record.data) return <PageSpinner />;
  return <PuppyHealth record={record.data} />;
}

/** The health reminder switch, for the profile's e-mail settings. */
export function HealthRemindersSwitch() {
  const queryClient = useQueryClient();
  const pref = useQuery(trpc.health.reminders.queryOptions());
  const set = useMutation(
    trpc.health.setReminders.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.health.reminders.queryKey(), data);
        toast({ title: data.enabled ? 'Reminders on' : 'Reminders off', variant: 'success' });
      },
      onError: failed('Could not save'),
    }),
  );
  if (!pref.data) return null;
  return (
    <Switch
      label="E-mail me a week before each vet visit my puppy is due for"
      checked={pref.data.enabled}
      disabled={set.isPending}
      onChange={(e) => set.mutate({ enabled: e.currentTarget.checked })}
    />
  );
}

export function HealthRecords() {
  const puppies = useQuery(trpc.health.puppies.queryOptions());
  if (puppies.error)
    return (
      <Alert color="red" title="Could not load the health records">
        {errorMessage(puppies.error, 'Please reload the page.')}
      </Alert>
    );
  if (!puppies.data) return <PageSpinner />;
  if (!puppies.data.length) return null;
  return (
    <Stack gap="md">
      {puppies.data.map((p) => (
        <OnePuppy key={p.id} puppyId={p.id} />
      ))}
      <HealthRemindersSwitch />
    </Stack>
  );
}
