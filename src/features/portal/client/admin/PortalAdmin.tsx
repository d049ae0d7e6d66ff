// The dashboard's Families section: post an update (photos from the camera, a weight, text) to a litter or a
// puppy, see which families were told, match puppies to families, set pickup times, define the checklist, share documents.
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, fieldErrorsOf, trpc } from '../../../../lib/client/trpc.ts';
import { toast } from '../../../../lib/client/toast.ts';
import { enqueue, isOffline, sendQueued, shortLabel } from '../../../../lib/client/admin/offline-queue.ts';
import { OfflineQueue } from '../../../../lib/client/admin/OfflineQueue.tsx';
import { MediaBatchDrop } from '../../../../lib/client/admin/MediaField.tsx';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import { FamilyContacts } from './FamilyContacts.tsx';
import { DateText } from '../../../../lib/client/admin/Dates.tsx';
import { formatDay, localIsoDay } from '../../../../lib/shared/format.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { formatOunces, litterLabel, privateMediaUrl, type WeightUnit } from '../../portal.schema.ts';

const NOTICE_LABEL = {
  pending: "Waiting for tomorrow's e-mail",
  emailed: 'E-mailed',
  off: 'E-mails turned off',
  'no-email': 'No e-mail address',
} as const;
/** Why a family was not e-mailed, as things stand now (decision 108: only a verified address receives mail). */
const noticeLabel = (n: { status: keyof typeof NOTICE_LABEL; emailState: 'verified' | 'unverified' | 'none' }) =>
  n.status !== 'no-email'
    ? NOTICE_LABEL[n.status]
    : n.emailState === 'unverified'
      ? 'Not e-mailed: address not verified yet'
      : n.emailState === 'verified'
        ? 'Not e-mailed: no verified address then'
        : 'Not e-mailed: no e-mail address given';
const NOTICE_TONE = { pending: 'yellow', emailed: 'green', off: 'gray', 'no-email': 'orange' } as const;
const failed = (title: string) => (error: unknown) =>
  toast({ title, message: errorMessage(error, 'Please try again.'), variant: 'destructive' });
// The phone's own date: in a Colorado evening the UTC date is already tomorrow.
const today = () => localIsoDay();

function PostUpdate() {
  const queryClient = useQueryClient();
  const puppies = useQuery(trpc.admin.portal.puppies.queryOptions());
  const [target, setTarget] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  // Photos taken without a signal: kept on the phone (made smaller already) and uploaded with the update (decision 142).
  const [kept, setKept] = useState<File[]>([]);
  const [weight, setWeight] = useState<number | string>('');
  const [unit, setUnit] = useState<WeightUnit>('oz');
  const [date, setDate] = useState(today());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dropKey, setDropKey] = useState(0);
  const post = useMutation(trpc.admin.portal.postUpdate.mutationOptions());

  const litters = new Map<number, string>();
  for (const p of puppies.data ?? []) if (p.litterId !== null) litters.set(p.litterId, p.litterName ?? `Litter ${p.litterId}`);
  const options = [
    {
      group: 'Puppies',
      items: (puppies.data ?? []).map((p) => ({ value: `puppy:${p.id}`, label: `${p.name}${p.familyName ? ` (${p.familyName})` : ''}` })),
    },
    { group: 'Whole litters', items: [...litters].map(([id, name]) => ({ value: `litter:${id}`, label: litterLabel(name) })) },
  ];
  const isPuppy = target?.startsWith('puppy:') ?? false;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    const [kind, id] = (target ?? ':').split(':');
    // One key for this update, however often it is sent (a queued post is replayed with it).
    const input = {
      litterId: kind === 'litter' ? Number(id) : null,
      puppyId: kind === 'puppy' ? Number(id) : null,
      text,
      photos,
      weight: isPuppy && weight !== '' ? { value: Number(weight), unit, date } : null,
      idempotencyKey: crypto.randomUUID(),
    };
    const clear = () => {
      setText('');
      setPhotos([]);
      setKept([]);
      setWeight('');
      setDropKey((k) => k + 1);
    };
    // No signal (the whelping room): the phone keeps it and sends it when the connection returns.
    const keep = async () => {
      const name = options.flatMap((g) => g.items).find((o) => o.value === target)?.label ?? 'the litter';
      const files = kept.map((file) => ({
        field: 'photos',
        name: file.name,
        blob: file,
        uploadUrl: '/api/admin/media',
        kind: 'image' as const,
        private: true,
      }));
      await enqueue({
        key: input.idempotencyKey,
        label: `Update for ${name}: ${shortLabel(text)}`,
        path: 'admin.portal.postUpdate',
        input,
        files,
      });
      const withPhotos = kept.length ? ` and its ${kept.length === 1 ? 'photo are' : `${kept.length} photos are`}` : ' is';
      const online = typeof navigator === 'undefined' || navigator.onLine;
      toast({
        title: online ? 'Sending' : 'Waiting to send',
        message: online
          ? `The update${withPhotos} on the way from this phone.`
          : `No connection: the update${withPhotos} kept on this phone and sent when the connection returns.`,
      });
      clear();
      // Photos kept while offline and the signal back by now: the queue uploads them and posts the update at once.
      if (online)
        void sendQueued()
          .then((n) => (n ? queryClient.invalidateQueries() : undefined))
          .catch(() => {});
    };
    if (target && text.trim() && ((typeof navigator !== 'undefined' && !navigator.onLine) || kept.length)) return keep();
    try {
      const result = await post.mutateAsync(input);
      const told = result.notices.length ? result.notices.map((n) => n.familyName).join(', ') : 'no family yet';
      toast({ title: 'Update posted', message: `Families: ${told}.`, variant: 'success' });
      clear();
      await queryClient.invalidateQueries({ queryKey: trpc.admin.portal.updates.queryKey() });
    } catch (error) {
      if (isOffline(error) && target) return keep();
      const fields = fieldErrorsOf(error) ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]!])));
      if (!Object.keys(fields).length) failed('Could not post')(error);
    }
  };

  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate aria-label="Post an update">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Post an update
          </Title>
          <Select
            label="For"
            placeholder="Choose a puppy or a whole litter"
            data={options}
            value={target}
            onChange={setTarget}
            searchable
            required
            error={errors.puppyId ?? errors.litterId}
          />
          <MediaBatchDrop
            key={dropKey}
            label="Photos"
            kind="image"
            privateUpload
            onStored={async (url) => setPhotos((list) => [...list, url])}
            onKept={(file) => setKept((list) => [...list, file])}
          />
          {kept.length > 0 && (
            <Text size="sm" role="status">
              {kept.length === 1 ? '1 photo' : `${kept.length} photos`} kept on this phone: {kept.length === 1 ? 'it goes' : 'they go'} with
              the update when the connection returns.
            </Text>
          )}
          {photos.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
              {photos.map((url) => (
                <div key={url} style={{ position: 'relative' }}>
                  <Image src={`${privateMediaUrl(url)}?w=160`} alt="" h={72} fit="cover" radius="sm" />
                  <ActionIcon
                    size="md"
                    color="red"
                    variant="filled"
                    aria-label="Remove this photo"
                    style={{ position: 'absolute', top: 2, right: 2 }}
                    onClick={() => setPhotos((l) => l.filter((u) => u !== url))}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </div>
              ))}
            </SimpleGrid>
          )}
          {errors.photos && (
            <Text c="red.8" size="sm">
              {errors.photos}
            </Text>
          )}
          {isPuppy && (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NumberInput
                label="Weight"
                min={0}
                decimalScale={2}
                value={weight}
                onChange={setWeight}
                error={errors['weight.value']}
                w={120}
                inputMode="decimal"
              />
              <SegmentedControl
                aria-label="Weight unit"
                value={unit}
                onChange={(v) => setUnit(v as WeightUnit)}
                data={[
                  { value: 'oz', label: 'oz' },
                  { value: 'lb', label: 'lb' },
                ]}
              />
              <TextInput
                label="Weighed on"
                type="date"
                value={date}
                max={today()}
                onChange={(e) => setDate(e.currentTarget.value)}
                error={errors['weight.date']}
              />
            </Group>
          )}
          <Textarea
            label="What's new"
            autosize
            minRows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            required
            error={errors.text}
          />
          <Group>
            <Button type="submit" loading={post.isPending}>
              Post update
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function RecentUpdates() {
  const queryClient = useQueryClient();
  const updates = useQuery(trpc.admin.portal.updates.queryOptions({}));
  const remove = useMutation(
    trpc.admin.portal.removeUpdate.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.portal.updates.queryKey() }),
      onError: failed('Could not delete'),
    }),
  );
  if (updates.error) return <Text c="red.8">{errorMessage(updates.error, 'Could not load the updates.')}</Text>;
  if (!updates.data) return <PageSpinner />;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Recent updates
      </Title>
      {updates.data.length === 0 && <Text c="dimmed">No updates posted yet.</Text>}
      {updates.data.map((u) => (
        <Card key={u.id} withBorder padding="sm" component="article" aria-label={`Update for ${u.about}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <Text fw={700}>
                {u.about} · <DateText iso={u.createdAt} withTime />
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {u.text}
              </Text>
              {u.weight && (
                <Text size="sm">
                  Weight: {formatOunces(u.weight.ounces)} on {formatDay(u.weight.date)}
                </Text>
              )}
              {u.photos.length > 0 && (
                <Text size="sm">
                  {u.photos.length} photo{u.photos.length === 1 ? '' : 's'}
                </Text>
              )}
              <Group gap={6} aria-label="Families notified">
                {u.notices.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No matched family to tell
                  </Text>
                )}
                {u.notices.map((n) => (
                  <ToneBadge key={n.familyId} tone={NOTICE_TONE[n.status]} tt="none">
                    {n.familyName}: {noticeLabel(n)}
                  </ToneBadge>
                ))}
              </Group>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete the update for ${u.about}`}
              onClick={() => window.confirm('Delete this update for every family?') && remove.mutate({ id: u.id })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** datetime-local wants local time without a zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function Matches() {
  const queryClient = useQueryClient();
  const puppies = useQuery(trpc.admin.portal.puppies.queryOptions());
  const families = useQuery(trpc.admin.portal.families.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.portal.puppies.queryKey() });
  const setFamily = useMutation(trpc.admin.portal.setFamily.mutationOptions({ onSuccess: refresh, onError: failed('Could not match') }));
  const setPickup = useMutation(
    trpc.admin.portal.setPickup.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Pickup saved', variant: 'success' });
        return refresh();
      },
      onError: failed('Could not save the pickup'),
    }),
  );
  if (!puppies.data || !families.data) return <PageSpinner />;
  const familyOptions = families.data.map((f) => ({ value: String(f.id), label: f.name }));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="pickup-heading">
        Puppies, families and pickup
      </Title>
      {/* One card per puppy: on a phone each fits the screen (a table ran off it); wider screens set them side by side. */}
      <SimpleGrid
        component="ul"
        aria-labelledby="pickup-heading"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {puppies.data.map((p) => (
          <Card key={p.id} component="li" withBorder padding="sm" aria-label={p.name}>
            <Stack gap="xs">
              <div>
                <Text fw={700}>{p.name}</Text>
                {p.litterName ? <Text size="sm">{litterLabel(p.litterName)}</Text> : null}
              </div>
              <Select
                aria-label={`Family for ${p.name}`}
                placeholder="Not matched"
                data={familyOptions}
                value={p.familyId !== null ? String(p.familyId) : null}
                clearable
                searchable
                onChange={(v) => setFamily.mutate({ puppyId: p.id, familyId: v ? Number(v) : null })}
              />
              <form
                aria-label={`Pickup for ${p.name}`}
                onSubmit={(e) => {
                  e.preventDefault();
                  const value = new FormData(e.currentTarget).get('at');
                  setPickup.mutate({ puppyId: p.id, at: typeof value === 'string' && value ? new Date(value).toISOString() : null });
                }}
              >
                <Group gap="xs" wrap="wrap" align="flex-end">
                  <TextInput
                    name="at"
                    type="datetime-local"
                    label="Pickup"
                    aria-label={`Pickup date and time for ${p.name}`}
                    defaultValue={toLocalInput(p.pickupAt)}
                    key={p.pickupAt ?? 'none'}
                    style={{ flex: '1 1 12rem', minWidth: 0 }}
                  />
                  <Button type="submit" variant="light">
                    Save
                  </Button>
                </Group>
              </form>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ChecklistEditor() {
  const queryClient = useQueryClient();
  const items = useQuery(trpc.admin.portal.checklist.queryOptions());
  const [draft, setDraft] = useState<Array<{ id: number | null; label: string; key: string }> | null>(null);
  const save = useMutation(
    trpc.admin.portal.saveChecklist.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.admin.portal.checklist.queryKey(), next);
        setDraft(null);
        toast({ title: 'Checklist saved', variant: 'success' });
      },
      onError: failed('Could not save the checklist'),
    }),
  );
  if (!items.data) return <PageSpinner />;
  const list = draft ?? items.data.map((i) => ({ ...i, key: String(i.id) }));
  const edit = (next: typeof list) => setDraft(next);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Go-home checklist
        </Title>
        <Text size="sm" c="dimmed">
          Every family sees these items and ticks its own.
        </Text>
        {list.map((item, i) => (
          <Group key={item.key} gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Checklist item ${i + 1}`}
              value={item.label}
              onChange={(e) => edit(list.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value } : x)))}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove checklist item ${i + 1}`}
              onClick={() => edit(list.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" onClick={() => edit([...list, { id: null, label: '', key: `new-${Date.now()}` }])}>
            Add item
          </Button>
          <Button
            loading={save.isPending}
            disabled={!draft}
            onClick={() => save.mutate({ items: list.filter((x) => x.label.trim()).map(({ id, label }) => ({ id, label })) })}
          >
            Save checklist
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Documents() {
  const queryClient = useQueryClient();
  const families = useQuery(trpc.admin.portal.families.queryOptions());
  const [familyId, setFamilyId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const docs = useQuery({ ...trpc.admin.portal.documents.queryOptions({ familyId: Number(familyId) }), enabled: familyId !== null });
  const key = trpc.admin.portal.documents.queryKey({ familyId: Number(familyId) });
  const share = useMutation(trpc.admin.portal.shareDocument.mutationOptions({ onSuccess: (next) => queryClient.setQueryData(key, next) }));
  const remove = useMutation(
    trpc.admin.portal.removeDocument.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
      onError: failed('Could not remove'),
    }),
  );
  const stored = async (url: string, file: File) => {
    await share.mutateAsync({ familyId: Number(familyId), title: title.trim() || file.name.replace(/\.[a-z0-9]+$/i, ''), url });
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Documents for a family
        </Title>
        <Select
          label="Family"
          placeholder="Choose a family"
          data={(families.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          value={familyId}
          onChange={setFamilyId}
          searchable
        />
        {familyId && (
          <>
            <TextInput
              label="Document name"
              description="Leave empty to use the file's name"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <MediaBatchDrop key={`pdf-${familyId}`} label="PDF documents" kind="document" privateUpload onStored={stored} />
            <MediaBatchDrop key={`photo-${familyId}`} label="Photos of documents" kind="image" privateUpload onStored={stored} />
            {docs.data?.length === 0 && <Text c="dimmed">Nothing shared with this family yet.</Text>}
            {docs.data?.map((d) => (
              <Group key={d.id} justify="space-between">
                <Anchor href={d.url} download>
                  {d.title}
                </Anchor>
                <ActionIcon variant="subtle" color="red" aria-label={`Stop sharing ${d.title}`} onClick={() => remove.mutate({ id: d.id })}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}

export function PortalAdmin() {
  return (
    <Stack gap="lg">
      <SectionHeader title="Families" />
      <OfflineQueue />
      <PostUpdate />
      <RecentUpdates />
      <Matches />
      <FamilyContacts />
      <ChecklistEditor />
      <Documents />
    </Stack>
  );
}
