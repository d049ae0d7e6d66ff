// Puppies: paged list with quick status change, and the full editor (every SPEC §3 field).
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge, type Tone } from '../../../lib/client/ToneBadge.tsx';
import { formatPrice } from '../../../lib/shared/format.ts';
import {
  GENDERS,
  PUPPY_STATUSES,
  PuppyInputSchema,
  TRAIT_LABELS,
  TRAIT_LEVELS,
  TRAITS,
  type PuppyAdminDto,
  type PuppyStatus,
  type TraitLevel,
} from '../../puppies/puppies.schema.ts';
import { applyServerErrors, focusFirstInvalid, emptyToNull, notifyFailed, notifySaved, numberOrNull, useInvalidate, zodValidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { MediaField } from './MediaField.tsx';
import { EditorHeader, FormActions, SectionHeader, useEditorView } from './Section.tsx';
import { useReportDirty } from './UnsavedChanges.tsx';
import { Thumb } from './Thumb.tsx';

export const STATUS_LABELS: Record<PuppyStatus, string> = { available: 'Available', reserved: 'Reserved', sold: 'Sold' };
const STATUS_COLORS: Record<PuppyStatus, Tone> = { available: 'green', reserved: 'orange', sold: 'gray' };
const LEVEL_LABELS: Record<TraitLevel, string> = { high: 'High', medium: 'Medium', low: 'Low', unassessed: 'Unassessed' };
const LEVEL_DATA = TRAIT_LEVELS.map((v) => ({ value: v, label: LEVEL_LABELS[v] }));
const STATUS_DATA = PUPPY_STATUSES.map((v) => ({ value: v, label: STATUS_LABELS[v] }));

export function PuppiesAdmin() {
  const { view, setView, backToList, done } = useEditorView();
  if (view.kind === 'new') {
    return (
      <>
        <EditorHeader title="New puppy" onBack={backToList} backLabel="Back to puppies" />
        <PuppyForm onDone={done} onCancel={backToList} />
      </>
    );
  }
  if (view.kind === 'edit') return <EditPuppy id={view.id} onDone={done} onCancel={backToList} />;
  return <PuppyList onNew={() => setView({ kind: 'new' })} onEdit={(id) => setView({ kind: 'edit', id })} />;
}

function PuppyList({ onNew, onEdit }: { onNew: () => void; onEdit: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PuppyStatus | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const query = useQuery(trpc.admin.puppies.list.queryOptions({ page, search: debounced || undefined, status: status ?? undefined }));
  const [deleting, setDeleting] = useState<PuppyAdminDto | null>(null);
  const invalidate = useInvalidate();
  const remove = useMutation(
    trpc.admin.puppies.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Puppy deleted', `${deleting?.name ?? 'The puppy'} was removed from the site.`);
        setDeleting(null);
        await invalidate('puppies');
      },
      onError: (e) => notifyFailed('Could not delete the puppy', e),
    }),
  );

  return (
    <>
      <SectionHeader
        title="Puppies"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            Add puppy
          </Button>
        }
      />
      <Group mb="md" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label="Search puppies"
          placeholder="Name"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          miw={180}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_DATA}
          value={status}
          onChange={(v) => {
            setStatus(v as PuppyStatus | null);
            setPage(1);
          }}
          clearable
          miw={160}
        />
      </Group>
      <QueryState query={query} what="puppies" />
      {query.data && query.data.items.length === 0 && (
        <EmptyState action={!debounced && !status ? <Button onClick={onNew}>Add your first puppy</Button> : undefined}>
          {debounced || status ? 'No puppies match these filters.' : 'No puppies yet.'}
        </EmptyState>
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <Text size="sm" c="gray.7" mb="xs">
            {query.data.total} {query.data.total === 1 ? 'puppy' : 'puppies'}
          </Text>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Puppies">
            {query.data.items.map((p) => (
              <PuppyRow key={p.id} puppy={p} onEdit={() => onEdit(p.id)} onDelete={() => setDeleting(p)} />
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Puppies" />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this puppy?"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting?.name} will be removed from the site for good. To hide a puppy for now, turn off “Shown on site” instead.
      </ConfirmDeleteModal>
    </>
  );
}

function PuppyRow({ puppy, onEdit, onDelete }: { puppy: PuppyAdminDto; onEdit: () => void; onDelete: () => void }) {
  const invalidate = useInvalidate();
  const setStatus = useMutation(
    trpc.admin.puppies.setStatus.mutationOptions({
      onSuccess: async (p) => {
        notifySaved('Status updated', `${p.name} is now ${STATUS_LABELS[p.status].toLowerCase()}${p.visible ? '' : ' and hidden from the site'}.`);
        await invalidate('puppies');
      },
      onError: (e) => notifyFailed('Could not change the status', e),
    }),
  );
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Thumb src={puppy.imageUrl} alt={puppy.name} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h5">
              {puppy.name}
            </Title>
            <ToneBadge tone={STATUS_COLORS[puppy.status]}>
              {STATUS_LABELS[puppy.status]}
            </ToneBadge>
            {!puppy.visible && (
              <ToneBadge tone="gray">
                Hidden
              </ToneBadge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {[puppy.gender === 'male' ? 'Male' : 'Female', puppy.color, puppy.litterName ?? 'Unassigned', formatPrice(puppy.price)].join(' · ')}
          </Text>
          <Group gap="sm" mt={4} wrap="wrap" align="flex-end">
            <Select
              size="xs"
              label="Status"
              data={STATUS_DATA}
              value={puppy.status}
              allowDeselect={false}
              onChange={(v) => v && v !== puppy.status && setStatus.mutate({ id: puppy.id, status: v as PuppyStatus, visible: puppy.visible })}
              disabled={setStatus.isPending}
              w={130}
              aria-label={`Status of ${puppy.name}`}
            />
            <Switch
              size="sm"
              label="Shown on site"
              checked={puppy.visible}
              onChange={(e) => setStatus.mutate({ id: puppy.id, status: puppy.status, visible: e.currentTarget.checked })}
              disabled={setStatus.isPending}
              aria-label={`Show ${puppy.name} on the site`}
              mb={4}
            />
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" onClick={onEdit} aria-label={`Edit ${puppy.name}`}>
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" onClick={onDelete} aria-label={`Delete ${puppy.name}`}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

function EditPuppy({ id, onDone, onCancel }: { id: number; onDone: () => void; onCancel: () => void }) {
  const query = useQuery(trpc.admin.puppies.byId.queryOptions({ id }));
  return (
    <>
      <EditorHeader title={query.data ? `Edit ${query.data.name}` : 'Edit puppy'} onBack={onCancel} backLabel="Back to puppies" />
      <QueryState query={query} what="the puppy" />
      {query.data && <PuppyForm puppy={query.data} onDone={onDone} onCancel={onCancel} />}
    </>
  );
}

type Traits = Record<(typeof TRAITS)[number], TraitLevel>;
interface PuppyFormValues extends Traits {
  name: string;
  gender: 'male' | 'female';
  color: string;
  description: string;
  imageUrl: string | null;
  litterId: string | null;
  status: PuppyStatus;
  visible: boolean;
  generation: string;
  weight: number | string;
  price: number | string;
  assessmentComplete: boolean;
  handlingResponse: string;
  soundSensitivity: string;
  visualSensitivity: string;
  personalityNotes: string;
  trainingProgress: string;
  idealHome: string;
}

function initialValues(p?: PuppyAdminDto): PuppyFormValues {
  const traits = Object.fromEntries(TRAITS.map((t) => [t, p?.[t] ?? 'unassessed'])) as Traits;
  return {
    ...traits,
    name: p?.name ?? '',
    gender: p?.gender ?? 'female',
    color: p?.color ?? '',
    description: p?.description ?? '',
    imageUrl: p?.imageUrl ?? null,
    litterId: p?.litterId ? String(p.litterId) : null,
    status: p?.status ?? 'available',
    visible: p?.visible ?? true,
    generation: p?.generation ?? '',
    weight: p?.weight ?? '',
    price: p?.price ?? '',
    assessmentComplete: p?.assessmentComplete ?? false,
    handlingResponse: p?.handlingResponse ?? '',
    soundSensitivity: p?.soundSensitivity ?? '',
    visualSensitivity: p?.visualSensitivity ?? '',
    personalityNotes: p?.personalityNotes ?? '',
    trainingProgress: p?.trainingProgress ?? '',
    idealHome: p?.idealHome ?? '',
  };
}

function toInput(v: PuppyFormValues) {
  return {
    ...v,
    imageUrl: emptyToNull(v.imageUrl),
    litterId: v.litterId ? Number(v.litterId) : null,
    generation: emptyToNull(v.generation),
    weight: numberOrNull(v.weight),
    price: numberOrNull(v.price),
  };
}

function PuppyForm({ puppy, onDone, onCancel }: { puppy?: PuppyAdminDto; onDone: () => void; onCancel: () => void }) {
  const form = useForm<PuppyFormValues>({
    mode: 'controlled',
    initialValues: initialValues(puppy),
    validate: zodValidate(PuppyInputSchema, toInput),
  });
  useReportDirty(`puppy-${puppy?.id ?? 'new'}`, form.isDirty());
  const litters = useQuery(trpc.admin.litters.options.queryOptions());
  const invalidate = useInvalidate();
  const options = {
    onSuccess: async (saved: PuppyAdminDto) => {
      notifySaved(puppy ? 'Puppy saved' : 'Puppy added', `${saved.name} is saved.`);
      form.resetDirty();
      await invalidate('puppies');
      onDone();
    },
    onError: (e: unknown) => {
      applyServerErrors(form, e);
      notifyFailed('Could not save the puppy', e);
    },
  };
  const create = useMutation(trpc.admin.puppies.create.mutationOptions(options));
  const update = useMutation(trpc.admin.puppies.update.mutationOptions(options));
  const saving = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const input = PuppyInputSchema.parse(toInput(values));
    if (puppy) update.mutate({ id: puppy.id, ...input });
    else create.mutate(input);
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={puppy ? `Edit ${puppy.name}` : 'New puppy'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select label="Gender" required data={GENDERS.map((g) => ({ value: g, label: g === 'male' ? 'Male' : 'Female' }))} allowDeselect={false} {...form.getInputProps('gender')} />
          <TextInput label="Color" required {...form.getInputProps('color')} />
          <TextInput label="Generation" placeholder="e.g. F1B" {...form.getInputProps('generation')} />
          <NumberInput label="Weight (lbs)" min={0} max={200} decimalScale={1} {...form.getInputProps('weight')} />
          <NumberInput
            label="Price (USD)"
            description="0 or empty shows “Contact for pricing”"
            min={0}
            step={50}
            allowDecimal={false}
            thousandSeparator=","
            prefix="$"
            {...form.getInputProps('price')}
          />
          <Select
            label="Litter"
            placeholder={litters.isPending ? 'Loading litters…' : 'Unassigned'}
            data={(litters.data ?? []).map((l) => ({ value: String(l.id), label: l.active ? l.name : `${l.name} (archived)` }))}
            clearable
            searchable
            nothingFoundMessage="No litter by that name"
            error={litters.isError ? 'Could not load litters.' : undefined}
            {...form.getInputProps('litterId')}
          />
          <Select label="Status" required data={STATUS_DATA} allowDeselect={false} {...form.getInputProps('status')} />
        </SimpleGrid>
        <Switch label="Shown on site" {...form.getInputProps('visible', { type: 'checkbox' })} />
        <Textarea label="About (description)" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
        <MediaField
          label="Photo"
          kind="image"
          value={form.values.imageUrl}
          onChange={(url) => form.setFieldValue('imageUrl', url)}
          error={form.errors.imageUrl as string | undefined}
        />

        <Divider label="Personality assessment" labelPosition="left" />
        <Switch
          label="Assessment complete"
          description="Until this is on, visitors see “Assessment Pending”."
          {...form.getInputProps('assessmentComplete', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {TRAITS.map((trait) => (
            <Select key={trait} label={TRAIT_LABELS[trait]} data={LEVEL_DATA} allowDeselect={false} {...form.getInputProps(trait)} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Textarea label="Handling response" autosize minRows={2} {...form.getInputProps('handlingResponse')} />
          <Textarea label="Sound sensitivity" autosize minRows={2} {...form.getInputProps('soundSensitivity')} />
          <Textarea label="Visual sensitivity" autosize minRows={2} {...form.getInputProps('visualSensitivity')} />
        </SimpleGrid>
        <Textarea label="Personality notes" autosize minRows={2} {...form.getInputProps('personalityNotes')} />
        <Textarea label="Training progress" autosize minRows={2} {...form.getInputProps('trainingProgress')} />
        <Textarea label="Ideal home" autosize minRows={2} {...form.getInputProps('idealHome')} />
      </Stack>
      <FormActions saving={saving} onCancel={onCancel} saveLabel={puppy ? 'Save puppy' : 'Add puppy'} />
    </form>
  );
}
