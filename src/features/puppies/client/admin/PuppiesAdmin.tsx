// Puppies: paged list with quick status change, and the full editor (every SPEC §3 field).
import { useMutation, useQuery } from '@tanstack/react-query';
import { Divider, Group, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge, type Tone } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, type Noun } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { PhotoSetField } from '../../../../lib/client/admin/PhotoSetField.tsx';
import { AdminScreen, type EditorTarget } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, notifyFailed, notifySaved, numberOrNull, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { formatPrice } from '../../../../lib/shared/format.ts';
import {
  GENDERS,
  PUPPY_MAX_PHOTOS,
  PUPPY_STATUSES,
  PuppyInputSchema,
  TRAIT_LABELS,
  TRAIT_LEVELS,
  TRAITS,
  type PuppyAdminDto,
  type PuppyStatus,
  type TraitLevel,
} from '../../puppies.schema.ts';

const STATUS_LABELS: Record<PuppyStatus, string> = { available: 'Available', reserved: 'Reserved', sold: 'Sold' };
const STATUS_COLORS: Record<PuppyStatus, Tone> = { available: 'green', reserved: 'orange', sold: 'gray' };
const LEVEL_LABELS: Record<TraitLevel, string> = { high: 'High', medium: 'Medium', low: 'Low', unassessed: 'Unassessed' };
const LEVEL_DATA = TRAIT_LEVELS.map((v) => ({ value: v, label: LEVEL_LABELS[v] }));
const STATUS_DATA = PUPPY_STATUSES.map((v) => ({ value: v, label: STATUS_LABELS[v] }));
const GENDER_DATA = GENDERS.map((g) => ({ value: g, label: g === 'male' ? 'Male' : 'Female' }));
const TEXTS = [
  'description',
  'handlingResponse',
  'soundSensitivity',
  'visualSensitivity',
  'personalityNotes',
  'trainingProgress',
  'idealHome',
] as const;

const NOUN: Noun = ['puppy', 'puppies'];

export function PuppiesAdmin() {
  return (
    <AdminScreen
      list={
        <AdminList
          noun={NOUN}
          queryOptions={(input) => trpc.admin.puppies.list.queryOptions(input)}
          addable
          search={{ label: 'Search puppies', placeholder: 'Name' }}
          filters={{ status: { label: 'Status', placeholder: 'All statuses', data: STATUS_DATA } }}
          counted
          renderItem={(p, row) => (
            <ItemCard
              title={p.name}
              thumb={p.imageUrl}
              row={row}
              badges={
                <>
                  <ToneBadge tone={STATUS_COLORS[p.status]}>{STATUS_LABELS[p.status]}</ToneBadge>
                  {!p.visible && <ToneBadge tone="gray">Hidden</ToneBadge>}
                </>
              }
            >
              <Meta>
                {[p.gender === 'male' ? 'Male' : 'Female', p.color, p.litterName ?? 'Unassigned', formatPrice(p.price)].join(' · ')}
              </Meta>
              <QuickStatus puppy={p} />
            </ItemCard>
          )}
          remove={{
            run: (p) => trpcClient.admin.puppies.remove.mutate({ id: p.id }),
            body: (p) => `${p.name} will be removed from the site for good. To hide a puppy for now, turn off “Shown on site” instead.`,
            areas: ['puppies'],
          }}
        />
      }
      editor={(target) => <PuppyEditor target={target} />}
    />
  );
}

function QuickStatus({ puppy }: { puppy: PuppyAdminDto }) {
  const invalidate = useInvalidate();
  const setStatus = useMutation(
    trpc.admin.puppies.setStatus.mutationOptions({
      onSuccess: async (p) => {
        notifySaved(
          'Status updated',
          `${p.name} is now ${STATUS_LABELS[p.status].toLowerCase()}${p.visible ? '' : ' and hidden from the site'}.`,
        );
        await invalidate('puppies');
      },
      onError: (e) => notifyFailed('Could not change the status', e),
    }),
  );
  const change = (status: PuppyStatus, visible: boolean) => setStatus.mutate({ id: puppy.id, status, visible });
  return (
    <Group gap="sm" mt={4} wrap="wrap" align="flex-end">
      <Select
        size="xs"
        label="Status"
        data={STATUS_DATA}
        value={puppy.status}
        allowDeselect={false}
        onChange={(v) => v && v !== puppy.status && change(v as PuppyStatus, puppy.visible)}
        disabled={setStatus.isPending}
        w={130}
        aria-label={`Status of ${puppy.name}`}
      />
      <Switch
        size="sm"
        label="Shown on site"
        checked={puppy.visible}
        onChange={(e) => change(puppy.status, e.currentTarget.checked)}
        disabled={setStatus.isPending}
        aria-label={`Show ${puppy.name} on the site`}
        mb={4}
      />
    </Group>
  );
}

const initialValues = (p?: PuppyAdminDto) => ({
  ...(Object.fromEntries(TRAITS.map((t) => [t, p?.[t] ?? 'unassessed'])) as Record<(typeof TRAITS)[number], TraitLevel>),
  ...(Object.fromEntries(TEXTS.map((t) => [t, p?.[t] ?? ''])) as Record<(typeof TEXTS)[number], string>),
  name: p?.name ?? '',
  gender: p?.gender ?? 'female',
  color: p?.color ?? '',
  photos: p?.photos ?? [],
  videoUrl: p?.videoUrl ?? null,
  litterId: p?.litterId ? String(p.litterId) : null,
  status: p?.status ?? 'available',
  visible: p?.visible ?? true,
  generation: p?.generation ?? '',
  weight: (p?.weight ?? '') as number | string,
  price: (p?.price ?? '') as number | string,
  assessmentComplete: p?.assessmentComplete ?? false,
});

type Values = ReturnType<typeof initialValues>;

const toInput = (v: Values) => ({
  ...v,
  imageUrl: v.photos[0] ?? null,
  videoUrl: emptyToNull(v.videoUrl),
  litterId: v.litterId ? Number(v.litterId) : null,
  generation: emptyToNull(v.generation),
  weight: numberOrNull(v.weight),
  price: numberOrNull(v.price),
});

function PuppyEditor({ target }: { target: EditorTarget }) {
  const litters = useQuery(trpc.admin.litters.options.queryOptions());
  return (
    <AdminEditor
      target={target}
      noun={NOUN}
      load={(id) => trpc.admin.puppies.byId.queryOptions({ id })}
      initialValues={initialValues}
      schema={PuppyInputSchema}
      toInput={toInput}
      create={(input) => trpcClient.admin.puppies.create.mutate(input)}
      update={(id, input) => trpcClient.admin.puppies.update.mutate({ id, ...input })}
      areas={['puppies']}
      fields={(form) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <Select label="Gender" required data={GENDER_DATA} allowDeselect={false} {...form.getInputProps('gender')} />
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
          <PhotoSetField label="Photos" max={PUPPY_MAX_PHOTOS} firstNote="shown on the puppy’s card" {...form.getInputProps('photos')} />
          <MediaField
            label="Video (optional)"
            kind="video"
            description="A short clip, shown in the puppy’s details with controls, muted until played."
            {...form.getInputProps('videoUrl')}
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
        </>
      )}
    />
  );
}
