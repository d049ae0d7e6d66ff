// The dashboard's Health section, made for a phone at the whelping box: record care for one puppy or a whole
// litter at once (with photos or a vet certificate as private files), the records list (paged, searched on the
// server), and the care protocol that turns into what is due per litter.
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fieldErrorsOf, trpc } from '../../../../lib/client/trpc.ts';
import { toast } from '../../../../lib/client/toast.ts';
import { MediaBatchDrop } from '../../../../lib/client/admin/MediaField.tsx';
import { enqueue, isOffline, sendQueued } from '../../../../lib/client/admin/offline-queue.ts';
import { OfflineQueue } from '../../../../lib/client/admin/OfflineQueue.tsx';
import { localIsoDay } from '../../../../lib/shared/format.ts';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import { pageCount } from '../../../../lib/shared/paging.ts';
import {
  CARE_KINDS,
  CARE_KIND_LABELS,
  DOSE_UNITS,
  SCHEDULE_KINDS,
  SCHEDULE_KIND_LABELS,
  type CareKind,
  type DoseUnit,
  type ScheduleItemInput,
  type ScheduleKind,
} from '../../health.schema.ts';
import { CareItemLine } from '../CareItemLine.tsx';
import { PuppyHealth } from '../HealthRecord.tsx';

const failed = (title: string) => (error: unknown) =>
  toast({ title, message: errorMessage(error, 'Please try again.'), variant: 'destructive' });
// The phone's own date: in a Colorado evening the UTC date is already tomorrow.
const today = () => localIsoDay();

const EMPTY = {
  product: '',
  manufacturer: '',
  lotNumber: '',
  lotExpiry: '',
  dose: '' as number | string,
  doseUnit: null as DoseUnit | null,
  givenBy: '',
  nextDueOn: '',
  findings: '',
  vet: '',
  clinic: '',
  microchip: '',
  registry: '',
  notes: '',
};

function RecordCare({ initialLitter }: { initialLitter?: number }) {
  const queryClient = useQueryClient();
  const options = useQuery(trpc.admin.health.options.queryOptions());
  const record = useMutation(trpc.admin.health.record.mutationOptions());
  const [target, setTarget] = useState<string | null>(initialLitter ? `litter:${initialLitter}` : null);
  const [excluded, setExcluded] = useState<number[]>([]);
  const [kind, setKind] = useState<CareKind>('vet-check');
  const [givenOn, setGivenOn] = useState(today());
  const [f, setF] = useState(EMPTY);
  const [doseConfirmed, setDoseConfirmed] = useState(false);
  const [attachments, setAttachments] = useState<string[]>([]);
  // Files chosen without a signal: kept on the phone and uploaded with the record (decision 142).
  const [kept, setKept] = useState<Array<{ file: File; kind: 'image' | 'document' }>>([]);
  const [dropKey, setDropKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Read now: the event's target is gone by the time the state updater runs.
    const value = e.currentTarget.value;
    setF((v) => ({ ...v, [key]: value }));
  };

  if (options.error) return <Text c="red.8">{errorMessage(options.error, 'Could not load the litters.')}</Text>;
  if (!options.data) return <PageSpinner />;
  const litters = options.data.litters;
  const data = [
    {
      group: 'Whole litters',
      items: litters.map((l) => ({ value: `litter:${l.id}`, label: `${l.name}: all ${l.puppies.length} puppies` })),
    },
    ...litters
      .filter((l) => l.puppies.length)
      .map((l) => ({ group: l.name, items: l.puppies.map((p) => ({ value: `puppy:${p.id}`, label: p.name })) })),
  ];
  const [targetKind, targetId] = (target ?? ':').split(':');
  const litter = targetKind === 'litter' ? litters.find((l) => l.id === Number(targetId)) : undefined;
  const chosen = litter ? litter.puppies.filter((p) => !excluded.includes(p.id)) : [];

  const clear = () => {
    setF(EMPTY);
    setAttachments([]);
    setKept([]);
    setDoseConfirmed(false);
    setDropKey((k) => k + 1);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    // One key for this record, however often it is sent (a queued record is replayed with it).
    const input = {
      litterId: litter ? litter.id : null,
      puppyIds: litter ? (excluded.length ? chosen.map((p) => p.id) : []) : targetKind === 'puppy' ? [Number(targetId)] : [],
      kind,
      givenOn,
      product: f.product,
      manufacturer: f.manufacturer,
      lotNumber: f.lotNumber,
      lotExpiry: f.lotExpiry || null,
      dose: f.dose === '' ? null : Number(f.dose),
      doseUnit: f.doseUnit,
      doseConfirmed,
      givenBy: f.givenBy,
      nextDueOn: f.nextDueOn || null,
      findings: f.findings,
      vet: f.vet,
      clinic: f.clinic,
      microchip: f.microchip,
      registry: f.registry,
      notes: f.notes,
      attachments,
      idempotencyKey: crypto.randomUUID(),
    };
    // No signal (the whelping room): the phone keeps it and sends it when the connection returns.
    const keep = async () => {
      const who = litter
        ? `${litter.name} (${chosen.length} ${chosen.length === 1 ? 'puppy' : 'puppies'})`
        : (litters.flatMap((l) => l.puppies).find((p) => p.id === Number(targetId))?.name ?? 'a puppy');
      const files = kept.map(({ file, kind: fileKind }) => ({
        field: 'attachments',
        name: file.name,
        blob: file,
        uploadUrl: '/api/admin/media',
        kind: fileKind,
        private: true,
      }));
      await enqueue({
        key: input.idempotencyKey,
        label: `Care for ${who}: ${CARE_KIND_LABELS[kind]} on ${givenOn}`,
        path: 'admin.health.record',
        input,
        files,
      });
      const withFiles = kept.length ? ` and its ${kept.length === 1 ? 'file are' : `${kept.length} files are`}` : ' is';
      const online = typeof navigator === 'undefined' || navigator.onLine;
      toast({
        title: online ? 'Sending' : 'Waiting to send',
        message: online
          ? `The record${withFiles} on the way from this phone.`
          : `No connection: the record${withFiles} kept on this phone and sent when the connection returns.`,
      });
      clear();
      // Files kept while offline and the signal back by now: the queue uploads them and sends the record at once.
      if (online)
        void sendQueued()
          .then((n) => (n ? queryClient.invalidateQueries() : undefined))
          .catch(() => {});
    };
    if (target && ((typeof navigator !== 'undefined' && !navigator.onLine) || kept.length)) return keep();
    try {
      const result = await record.mutateAsync(input);
      toast({
        title: `Recorded for ${result.count} ${result.count === 1 ? 'puppy' : 'puppies'}`,
        message: result.warnings.length ? result.warnings.join(' ') : `${CARE_KIND_LABELS[kind]} on ${givenOn}.`,
        variant: 'success',
      });
      clear();
      await queryClient.invalidateQueries({ queryKey: trpc.admin.health.list.queryKey() });
    } catch (error) {
      if (isOffline(error) && target) return keep();
      const fields = fieldErrorsOf(error) ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]!])));
      if (!Object.keys(fields).length) failed('Could not record')(error);
    }
  };

  const drug = kind === 'vaccination' || kind === 'deworming' || kind === 'treatment';
  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate aria-label="Record care">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Record care
          </Title>
          <Select
            label="For"
            placeholder="A whole litter or one puppy"
            data={data}
            value={target}
            onChange={(v) => {
              setTarget(v);
              setExcluded([]);
            }}
            searchable
            required
            error={errors.puppyIds ?? errors.litterId}
          />
          {litter && (
            <Checkbox.Group
              label={`Puppies (${chosen.length} of ${litter.puppies.length})`}
              value={chosen.map((p) => String(p.id))}
              onChange={(values) => setExcluded(litter.puppies.filter((p) => !values.includes(String(p.id))).map((p) => p.id))}
            >
              <Group gap="sm" mt={4}>
                {litter.puppies.map((p) => (
                  <Checkbox key={p.id} value={String(p.id)} label={p.name} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <Select
              label="What"
              data={CARE_KINDS.map((k) => ({ value: k, label: CARE_KIND_LABELS[k] }))}
              value={kind}
              onChange={(v) => v && setKind(v as CareKind)}
              allowDeselect={false}
              required
              miw={150}
            />
            <TextInput
              label="Date given"
              type="date"
              value={givenOn}
              max={today()}
              onChange={(e) => setGivenOn(e.currentTarget.value)}
              error={errors.givenOn}
              required
              miw={150}
            />
          </Group>
          {drug && (
            <>
              <TextInput label="Product" value={f.product} onChange={set('product')} error={errors.product} required />
              <Group grow wrap="wrap" gap="sm">
                <TextInput
                  label="Manufacturer"
                  value={f.manufacturer}
                  onChange={set('manufacturer')}
                  error={errors.manufacturer}
                  miw={150}
                />
                <TextInput label="Lot number" value={f.lotNumber} onChange={set('lotNumber')} error={errors.lotNumber} miw={150} />
                <TextInput
                  label="Lot expiry"
                  type="date"
                  value={f.lotExpiry}
                  onChange={set('lotExpiry')}
                  error={errors.lotExpiry}
                  miw={150}
                />
              </Group>
              <Group grow wrap="wrap" gap="sm" align="flex-start">
                <NumberInput
                  label="Dose"
                  min={0}
                  decimalScale={3}
                  value={f.dose}
                  onChange={(v) => setF((x) => ({ ...x, dose: v }))}
                  error={errors.dose}
                  inputMode="decimal"
                  miw={120}
                />
                <Select
                  label="Dose unit"
                  data={DOSE_UNITS.map((u) => ({ value: u, label: u }))}
                  value={f.doseUnit}
                  onChange={(v) => setF((x) => ({ ...x, doseUnit: v as DoseUnit | null }))}
                  clearable
                  miw={120}
                />
              </Group>
              {errors.dose && (
                <Checkbox label="The dose is right" checked={doseConfirmed} onChange={(e) => setDoseConfirmed(e.currentTarget.checked)} />
              )}
              <Group grow wrap="wrap" gap="sm">
                <TextInput label="Given by" value={f.givenBy} onChange={set('givenBy')} error={errors.givenBy} miw={150} />
                <TextInput
                  label="Next due"
                  type="date"
                  value={f.nextDueOn}
                  onChange={set('nextDueOn')}
                  error={errors.nextDueOn}
                  miw={150}
                />
              </Group>
            </>
          )}
          {kind === 'vet-check' && (
            <>
              <Textarea
                label="Findings"
                autosize
                minRows={2}
                value={f.findings}
                onChange={set('findings')}
                error={errors.findings}
                required
              />
              <Group grow wrap="wrap" gap="sm">
                <TextInput label="Vet" value={f.vet} onChange={set('vet')} error={errors.vet} miw={150} />
                <TextInput label="Clinic" value={f.clinic} onChange={set('clinic')} error={errors.clinic} miw={150} />
              </Group>
            </>
          )}
          {kind === 'microchip' && (
            <Group grow wrap="wrap" gap="sm" align="flex-start">
              <TextInput
                label="Microchip number"
                description="15 digits, as on the sticker"
                inputMode="numeric"
                value={f.microchip}
                onChange={set('microchip')}
                error={errors.microchip}
                required
                miw={180}
              />
              <TextInput label="Registry" value={f.registry} onChange={set('registry')} error={errors.registry} miw={150} />
            </Group>
          )}
          <Textarea
            label={kind === 'note' ? 'Note' : 'Notes'}
            autosize
            minRows={kind === 'note' ? 3 : 1}
            value={f.notes}
            onChange={set('notes')}
            error={errors.notes}
            required={kind === 'note'}
          />
          <MediaBatchDrop
            key={`p${dropKey}`}
            label="Photos"
            kind="image"
            privateUpload
            onStored={async (url) => setAttachments((l) => [...l, url])}
            onKept={(file) => setKept((l) => [...l, { file, kind: 'image' }])}
          />
          <MediaBatchDrop
            key={`d${dropKey}`}
            label="PDFs (a vet certificate)"
            kind="document"
            privateUpload
            onStored={async (url) => setAttachments((l) => [...l, url])}
            onKept={(file) => setKept((l) => [...l, { file, kind: 'document' }])}
          />
          {attachments.length > 0 && (
            <Text size="sm">
              {attachments.length} file{attachments.length === 1 ? '' : 's'} attached
            </Text>
          )}
          {kept.length > 0 && (
            <Text size="sm" role="status">
              {kept.length === 1 ? '1 file' : `${kept.length} files`} kept on this phone: {kept.length === 1 ? 'it goes' : 'they go'} with
              the record when the connection returns.
            </Text>
          )}
          {errors.attachments && (
            <Text c="red.8" size="sm">
              {errors.attachments}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={record.isPending}>
              Save record
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Records({ litterId }: { litterId?: number }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useQuery(trpc.admin.health.list.queryOptions({ page, search: search || undefined, litterId: litterId ?? null }));
  const remove = useMutation(
    trpc.admin.health.remove.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.health.list.queryKey() }),
      onError: failed('Could not delete'),
    }),
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Care records
      </Title>
      <TextInput
        label="Search records"
        placeholder="Puppy, product, microchip…"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.error && <Text c="red.8">{errorMessage(list.error, 'Could not load the records.')}</Text>}
      {!list.data && !list.error && <PageSpinner />}
      {list.data && (
        <>
          <Text size="sm" role="status">
            {list.data.total} record{list.data.total === 1 ? '' : 's'}
          </Text>
          {list.data.items.map((i) => (
            <Card
              key={i.id}
              withBorder
              padding="sm"
              component="article"
              aria-label={`${i.puppyName}: ${CARE_KIND_LABELS[i.kind]} on ${i.givenOn}`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={700}>{i.puppyName}</Text>
                  <CareItemLine item={i} />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${i.puppyName}'s ${CARE_KIND_LABELS[i.kind].toLowerCase()} of ${i.givenOn}`}
                  onClick={() => window.confirm('Delete this record?') && remove.mutate({ id: i.id })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          {pageCount(list.data.total) > 1 && (
            <Pagination
              total={pageCount(list.data.total)}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({ 'aria-label': `${c} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

type Row = ScheduleItemInput & { key: number };
const NEW = -1;

function Protocol() {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.health.protocol.queryOptions());
  const save = useMutation(trpc.admin.health.saveProtocol.mutationOptions());
  const removeOne = useMutation(trpc.admin.health.removeProtocol.mutationOptions());
  const [chosen, setChosen] = useState<number | null>(null);
  const [draft, setDraft] = useState<{ name: string; isDefault: boolean; rows: Row[] } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (list.error) return <Text c="red.8">{errorMessage(list.error, 'Could not load the protocols.')}</Text>;
  if (!list.data) return <PageSpinner />;
  const protocols = list.data;
  const currentId = chosen ?? protocols[0]?.id ?? NEW;
  const current = protocols.find((p) => p.id === currentId);
  const form = draft ?? {
    name: current?.name ?? '',
    isDefault: current?.isDefault ?? false,
    rows: (current?.items ?? []).map((r) => ({ ...r, key: r.id })),
  };
  const setForm = (patch: Partial<typeof form>) => setDraft({ ...form, ...patch });
  const edit = (key: number, patch: Partial<Row>) => setForm({ rows: form.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const num = (v: number | string) => (v === '' ? null : Number(v));
  const choose = (id: number) => {
    setChosen(id);
    setDraft(id === NEW ? { name: '', isDefault: false, rows: [] } : null);
    setErrors({});
  };
  const refresh = () =>
    queryClient
      .invalidateQueries({ queryKey: trpc.admin.health.protocol.queryKey() })
      .then(() => queryClient.invalidateQueries({ queryKey: trpc.admin.health.litterProtocols.queryKey() }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        id: current ? current.id : null,
        name: form.name,
        isDefault: form.isDefault,
        items: form.rows.map(({ key: _key, ...r }) => r),
      });
      const mine = saved.find((p) => p.name === form.name.trim());
      setChosen(mine?.id ?? null);
      setDraft(null);
      toast({ title: 'Protocol saved', variant: 'success' });
      await refresh();
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]!])));
      if (!Object.keys(fields).length) failed('Could not save the protocol')(error);
    }
  };
  const remove = async () => {
    if (!current || !window.confirm(`Delete the protocol “${current.name}”? Litters that follow it will follow none.`)) return;
    try {
      await removeOne.mutateAsync({ id: current.id });
      choose(protocols.find((p) => p.id !== current.id)?.id ?? NEW);
      toast({ title: 'Protocol deleted', variant: 'success' });
      await refresh();
    } catch (error) {
      failed('Could not delete the protocol')(error);
    }
  };
  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate aria-label="Care protocol">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Care protocols
          </Title>
          <Text size="sm" c="dimmed">
            Days count from the litter's birth. A repeating item's next date counts from the day it was actually done. Items for after
            go-home are what you recommend to the family's vet; families get a reminder a week before. New litters follow the default
            protocol; choose another for a litter below.
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Protocol to edit"
              data={[
                ...protocols.map((p) => ({ value: String(p.id), label: p.isDefault ? `${p.name} (default)` : p.name })),
                ...(currentId === NEW ? [{ value: String(NEW), label: 'New protocol' }] : []),
              ]}
              value={String(currentId)}
              onChange={(v) => v && choose(Number(v))}
              allowDeselect={false}
              miw={220}
            />
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => choose(NEW)}>
              New protocol
            </Button>
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Protocol name"
              value={form.name}
              onChange={(e) => setForm({ name: e.currentTarget.value })}
              error={errors.name}
              required
              miw={220}
            />
            <Switch
              label="Default for new litters"
              checked={form.isDefault}
              disabled={current?.isDefault}
              onChange={(e) => setForm({ isDefault: e.currentTarget.checked })}
              mb={8}
            />
          </Group>
          {form.rows.map((r, i) => (
            <Card
              key={r.key}
              withBorder
              padding="xs"
              component="fieldset"
              aria-label={`Protocol item ${i + 1}: ${r.label}`}
              style={{ margin: 0 }}
            >
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label="Item"
                  value={r.label}
                  onChange={(e) => edit(r.key, { label: e.currentTarget.value })}
                  error={errors[`items.${i}.label`]}
                  miw={170}
                />
                <TextInput
                  label="Group"
                  value={r.protocol}
                  onChange={(e) => edit(r.key, { protocol: e.currentTarget.value })}
                  error={errors[`items.${i}.protocol`]}
                  miw={150}
                />
                <Select
                  label="Kind"
                  data={SCHEDULE_KINDS.map((k) => ({ value: k, label: SCHEDULE_KIND_LABELS[k] }))}
                  value={r.kind}
                  onChange={(v) => v && edit(r.key, { kind: v as ScheduleKind })}
                  allowDeselect={false}
                  w={140}
                />
                <NumberInput
                  label="From day"
                  min={0}
                  value={r.startDay}
                  onChange={(v) => edit(r.key, { startDay: Number(v) || 0 })}
                  error={errors[`items.${i}.startDay`]}
                  w={100}
                />
                <NumberInput
                  label="Every (days)"
                  min={1}
                  value={r.everyDays ?? ''}
                  onChange={(v) => edit(r.key, { everyDays: num(v) })}
                  error={errors[`items.${i}.everyDays`]}
                  w={110}
                />
                <NumberInput
                  label="Until day"
                  min={0}
                  value={r.untilDay ?? ''}
                  onChange={(v) => edit(r.key, { untilDay: num(v) })}
                  error={errors[`items.${i}.untilDay`]}
                  w={100}
                />
                <Switch
                  label="After go-home"
                  checked={r.afterGoHome ?? false}
                  onChange={(e) => edit(r.key, { afterGoHome: e.currentTarget.checked })}
                  mb={8}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${r.label || 'this item'}`}
                  onClick={() => setForm({ rows: form.rows.filter((x) => x.key !== r.key) })}
                  mb={6}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                setForm({
                  rows: [
                    ...form.rows,
                    {
                      key: -Date.now(),
                      id: null,
                      protocol: 'Before go-home',
                      label: '',
                      kind: 'note',
                      startDay: 0,
                      everyDays: null,
                      untilDay: null,
                      afterGoHome: false,
                    },
                  ],
                })
              }
            >
              Add item
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save protocol
            </Button>
            {current && !current.isDefault && (
              <Button variant="default" color="red" onClick={() => void remove()} loading={removeOne.isPending}>
                Delete protocol
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function LitterProtocols() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const protocols = useQuery(trpc.admin.health.protocol.queryOptions());
  const list = useQuery(trpc.admin.health.litterProtocols.queryOptions({ page, search: search || undefined }));
  const set = useMutation(
    trpc.admin.health.setLitterProtocol.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Protocol changed', variant: 'success' });
        return queryClient.invalidateQueries({ queryKey: trpc.admin.health.litterProtocols.queryKey() });
      },
      onError: failed('Could not change the protocol'),
    }),
  );
  const options = [...(protocols.data ?? []).map((p) => ({ value: String(p.id), label: p.name })), { value: 'none', label: 'No protocol' }];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="litter-protocols-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="litter-protocols-heading">
          Protocol per litter
        </Title>
        <TextInput
          label="Search litters"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {list.error && <Text c="red.8">{errorMessage(list.error, 'Could not load the litters.')}</Text>}
        {!list.data && !list.error && <PageSpinner />}
        {list.data && (
          <>
            <Text size="sm" role="status">
              {list.data.total} litter{list.data.total === 1 ? '' : 's'}
            </Text>
            {list.data.items.map((l) => (
              <Group key={l.litterId} justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{l.litterName}</Text>
                  <Text size="sm" c="dimmed">
                    {l.birthDate ? `Born ${l.birthDate}` : 'Not born yet'}
                    {l.byDefault ? ' · follows the default' : ''}
                  </Text>
                </Stack>
                <Select
                  label={`Protocol for ${l.litterName}`}
                  data={options}
                  value={l.protocolId === null ? 'none' : String(l.protocolId)}
                  onChange={(v) => v && set.mutate({ litterId: l.litterId, protocolId: v === 'none' ? null : Number(v) })}
                  allowDeselect={false}
                  miw={220}
                />
              </Group>
            ))}
            {pageCount(list.data.total) > 1 && (
              <Pagination
                total={pageCount(list.data.total)}
                value={page}
                onChange={setPage}
                getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function OnePuppyRecord() {
  const options = useQuery(trpc.admin.health.options.queryOptions());
  const [puppyId, setPuppyId] = useState<string | null>(null);
  const record = useQuery({ ...trpc.admin.health.puppyRecord.queryOptions({ puppyId: Number(puppyId) }), enabled: puppyId !== null });
  const data = (options.data?.litters ?? [])
    .filter((l) => l.puppies.length)
    .map((l) => ({ group: l.name, items: l.puppies.map((p) => ({ value: String(p.id), label: p.name })) }));
  return (
    <Stack gap="sm">
      <Select label="A puppy's whole record" placeholder="Choose a puppy" data={data} value={puppyId} onChange={setPuppyId} searchable />
      {record.error && <Text c="red.8">{errorMessage(record.error, 'Could not load the record.')}</Text>}
      {puppyId !== null && record.isPending && <PageSpinner />}
      {record.data && <PuppyHealth record={record.data} forBreeder />}
    </Stack>
  );
}

export function HealthAdmin({ litterId }: { litterId?: number }) {
  return (
    <Stack gap="xl">
      <SectionHeader title="Health" />
      <OfflineQueue />
      <RecordCare initialLitter={litterId} />
      <OnePuppyRecord />
      <Records litterId={litterId} />
      <Protocol />
      <LitterProtocols />
    </Stack>
  );
}
