// The breeder's hours: zone, cut-off, slot and buffer per kind, weekly openings, closed times and extra openings.
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { trpc } from '../../../../lib/client/trpc.ts';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import {
  APPOINTMENT_KINDS,
  BOOKING_RULES,
  BOOKING_RULE_LABELS,
  KIND_LABELS,
  WEEKDAY_LABELS,
  type AppointmentKind,
  type AvailabilitySettingsInput,
  type BookingRule,
} from '../../visits.schema.ts';

type Draft = AvailabilitySettingsInput;

export function HoursEditor() {
  const settings = useQuery(trpc.admin.visits.settings.queryOptions());
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (settings.data && !draft) {
      const { hasFeed: _hasFeed, ...rest } = settings.data;
      setDraft(rest);
    }
  }, [settings.data, draft]);
  const save = useMutation(
    trpc.admin.visits.saveSettings.mutationOptions({
      onSuccess: async () => {
        notifySaved('Hours saved');
        await invalidate('visits');
      },
      onError: (e) => notifyFailed('Could not save the hours', e),
    }),
  );
  if (!draft) return <PageSpinner />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setKind = (k: AppointmentKind, patch: Partial<Draft['kinds'][AppointmentKind]>) =>
    set({ kinds: { ...draft.kinds, [k]: { ...draft.kinds[k], ...patch } } });
  const extras = draft.extraOpenings ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="hours-heading">
      <Stack
        gap="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft);
        }}
      >
        <Title order={3} size="h3" id="hours-heading">
          Hours
        </Title>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label="Time zone"
            description="e.g. America/Denver"
            value={draft.timeZone}
            onChange={(e) => set({ timeZone: e.currentTarget.value })}
          />
          <NumberInput
            label="Cut-off (hours before)"
            description="Families book, move and cancel online until then"
            min={0}
            max={336}
            value={draft.cutoffHours}
            onChange={(v) => set({ cutoffHours: Number(v) || 0 })}
          />
        </Group>
        {APPOINTMENT_KINDS.map((k) => (
          <Group key={k} wrap="wrap" align="flex-end">
            <Switch
              label={KIND_LABELS[k]}
              checked={draft.kinds[k].enabled}
              onChange={(e) => setKind(k, { enabled: e.currentTarget.checked })}
              w={200}
            />
            <NumberInput
              label={`${KIND_LABELS[k]}: minutes`}
              min={10}
              max={480}
              w={160}
              value={draft.kinds[k].slotMinutes}
              onChange={(v) => setKind(k, { slotMinutes: Number(v) || 0 })}
            />
            <NumberInput
              label={`${KIND_LABELS[k]}: buffer minutes`}
              min={0}
              max={240}
              w={160}
              value={draft.kinds[k].bufferMinutes}
              onChange={(v) => setKind(k, { bufferMinutes: Number(v) || 0 })}
            />
            <Select
              label={`${KIND_LABELS[k]}: who may book`}
              data={BOOKING_RULES.map((r) => ({ value: r, label: BOOKING_RULE_LABELS[r] }))}
              value={draft.kinds[k].who ?? 'anyone'}
              allowDeselect={false}
              onChange={(v) => v && setKind(k, { who: v as BookingRule })}
              w={240}
            />
            {draft.kinds[k].who === 'matched' && (
              <NumberInput
                label={`${KIND_LABELS[k]}: puppy at least (weeks)`}
                description="0: any age"
                min={0}
                max={26}
                w={200}
                value={draft.kinds[k].puppyWeeks ?? 0}
                onChange={(v) => setKind(k, { puppyWeeks: Number(v) || 0 })}
              />
            )}
          </Group>
        ))}
        <Title order={4} size="h4">
          Weekly openings
        </Title>
        {draft.openings.length === 0 && <Text size="sm">No openings yet: families cannot book until you add one.</Text>}
        {draft.openings.map((o, i) => (
          <Group key={i} wrap="wrap" align="flex-end">
            <Select
              label={`Opening ${i + 1}: day`}
              data={WEEKDAY_LABELS.map((d, n) => ({ value: String(n), label: d }))}
              value={String(o.weekday)}
              allowDeselect={false}
              onChange={(v) => set({ openings: draft.openings.map((x, j) => (j === i ? { ...x, weekday: Number(v) } : x)) })}
              w={160}
            />
            <TextInput
              type="time"
              label={`Opening ${i + 1}: from`}
              value={o.start}
              onChange={(e) => set({ openings: draft.openings.map((x, j) => (j === i ? { ...x, start: e.currentTarget.value } : x)) })}
              w={130}
            />
            <TextInput
              type="time"
              label={`Opening ${i + 1}: until`}
              value={o.end}
              onChange={(e) => set({ openings: draft.openings.map((x, j) => (j === i ? { ...x, end: e.currentTarget.value } : x)) })}
              w={130}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove opening ${i + 1}`}
              onClick={() => set({ openings: draft.openings.filter((_, j) => j !== i) })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" onClick={() => set({ openings: [...draft.openings, { weekday: 6, start: '10:00', end: '16:00' }] })}>
            Add opening
          </Button>
        </Group>
        <Title order={4} size="h4">
          Closed
        </Title>
        <Text size="sm">
          A whelping week, a holiday, or some hours of one day. Leave a time empty to close from the start, or to the end, of that day.
        </Text>
        {draft.closures.map((c, i) => (
          <Group key={i} wrap="wrap" align="flex-end">
            <TextInput
              type="date"
              label={`Closed ${i + 1}: first day`}
              value={c.startsOn}
              onChange={(e) => set({ closures: draft.closures.map((x, j) => (j === i ? { ...x, startsOn: e.currentTarget.value } : x)) })}
              w={170}
            />
            <TextInput
              type="time"
              label={`Closed ${i + 1}: from time`}
              value={c.from ?? ''}
              onChange={(e) => set({ closures: draft.closures.map((x, j) => (j === i ? { ...x, from: e.currentTarget.value } : x)) })}
              w={150}
            />
            <TextInput
              type="date"
              label={`Closed ${i + 1}: last day`}
              value={c.endsOn}
              onChange={(e) => set({ closures: draft.closures.map((x, j) => (j === i ? { ...x, endsOn: e.currentTarget.value } : x)) })}
              w={170}
            />
            <TextInput
              type="time"
              label={`Closed ${i + 1}: until time`}
              value={c.until ?? ''}
              onChange={(e) => set({ closures: draft.closures.map((x, j) => (j === i ? { ...x, until: e.currentTarget.value } : x)) })}
              w={150}
            />
            <TextInput
              label={`Closed ${i + 1}: reason`}
              value={c.reason ?? ''}
              onChange={(e) => set({ closures: draft.closures.map((x, j) => (j === i ? { ...x, reason: e.currentTarget.value } : x)) })}
              w={200}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove closed time ${i + 1}`}
              onClick={() => set({ closures: draft.closures.filter((_, j) => j !== i) })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() => {
              const today = new Date().toISOString().slice(0, 10);
              set({ closures: [...draft.closures, { startsOn: today, endsOn: today, from: '', until: '', reason: '' }] });
            }}
          >
            Add closed time
          </Button>
        </Group>
        <Title order={4} size="h4">
          Extra openings
        </Title>
        <Text size="sm">Open on one date beyond the weekly hours, for example on a day you are normally closed.</Text>
        {extras.map((o, i) => (
          <Group key={i} wrap="wrap" align="flex-end">
            <TextInput
              type="date"
              label={`Extra opening ${i + 1}: date`}
              value={o.date}
              onChange={(e) => set({ extraOpenings: extras.map((x, j) => (j === i ? { ...x, date: e.currentTarget.value } : x)) })}
              w={170}
            />
            <TextInput
              type="time"
              label={`Extra opening ${i + 1}: from`}
              value={o.start}
              onChange={(e) => set({ extraOpenings: extras.map((x, j) => (j === i ? { ...x, start: e.currentTarget.value } : x)) })}
              w={130}
            />
            <TextInput
              type="time"
              label={`Extra opening ${i + 1}: until`}
              value={o.end}
              onChange={(e) => set({ extraOpenings: extras.map((x, j) => (j === i ? { ...x, end: e.currentTarget.value } : x)) })}
              w={130}
            />
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Remove extra opening ${i + 1}`}
              onClick={() => set({ extraOpenings: extras.filter((_, j) => j !== i) })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              set({ extraOpenings: [...extras, { date: new Date().toISOString().slice(0, 10), start: '10:00', end: '12:00' }] })
            }
          >
            Add extra opening
          </Button>
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save hours
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
