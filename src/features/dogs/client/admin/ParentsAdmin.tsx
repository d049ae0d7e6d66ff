// The dog registry: every dog of a pedigree (ours first), searchable; the editor with the parent-dog fields,
// the pedigree's (registration, generation, sire and dam) and the health results.
import { Autocomplete, NumberInput, SegmentedControl, Select, SimpleGrid, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, type Noun } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { PhotoSetField } from '../../../../lib/client/admin/PhotoSetField.tsx';
import { DateField } from '../../../../lib/client/admin/Dates.tsx';
import { OrderedListField } from '../../../../lib/client/admin/OrderedListField.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, numberOrNull } from '../../../../lib/client/admin/admin-utils.ts';
import { formatParentAge, formatWeight } from '../../../../lib/shared/format.ts';
import {
  DOG_GENERATIONS,
  DOG_REGISTRIES,
  DogInputSchema,
  HEALTH_TEST_KINDS,
  HEALTH_TEST_LABELS,
  PARENT_GENDERS,
  PARENT_MAX_PHOTOS,
  type DogAdminDto,
  type HealthTestKind,
} from '../../dogs.schema.ts';
import { DogPicker } from './DogPicker.tsx';
import { dogRegistry } from './dog-registry.ts';

const GENDER_DATA = PARENT_GENDERS.map((g) => ({ value: g, label: g === 'female' ? 'Female' : 'Male' }));
const KIND_DATA = HEALTH_TEST_KINDS.map((k) => ({ value: k, label: HEALTH_TEST_LABELS[k] }));
const REGISTRY_DATA = [{ value: '', label: 'None' }, ...DOG_REGISTRIES.map((r) => ({ value: r, label: r }))];

const NOUN: Noun = ['dog', 'dogs'];
const PARENT_PICKERS = [
  { label: 'Sire', gender: 'male', id: 'sireId', name: 'sireName' },
  { label: 'Dam', gender: 'female', id: 'damId', name: 'damName' },
] as const;

interface HealthRow {
  kind: HealthTestKind;
  test: string;
  result: string;
  date: string;
  verificationUrl: string;
  certificateUrl: string;
  /** Which kind of upload the certificate is (the form's choice, not sent). */
  certificateKind: 'document' | 'image';
}
const NEW_HEALTH_ROW: HealthRow = {
  kind: 'ofa-hips',
  test: '',
  result: '',
  date: '',
  verificationUrl: '',
  certificateUrl: '',
  certificateKind: 'document',
};

export function ParentsAdmin() {
  return (
    <AdminScreen
      list={
        <AdminList
          noun={NOUN}
          queryOptions={(input) => trpc.admin.parents.list.queryOptions(input)}
          addable
          search={{ label: 'Search dogs', placeholder: 'Name, registered name or number' }}
          renderItem={(d, row) => (
            <ItemCard
              title={d.name}
              thumb={d.imageUrl}
              row={row}
              badges={
                <>
                  <ToneBadge tone={d.ours ? 'blue' : 'gray'}>{d.ours ? 'Ours' : 'Ancestor'}</ToneBadge>
                  {d.ours && <ToneBadge tone={d.featured ? 'green' : 'gray'}>{d.featured ? 'Featured' : 'Not shown'}</ToneBadge>}
                  {d.retired && <ToneBadge tone="pink">Retired</ToneBadge>}
                </>
              }
            >
              <Meta>
                {[
                  d.registeredName,
                  d.gender === 'female' ? 'Female' : 'Male',
                  d.generation || d.breed,
                  d.color,
                  formatWeight(d.weight),
                  d.birthDate ? formatParentAge(d.birthDate) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Meta>
              <Meta>
                Sire: {d.sireName ?? 'unknown'} · Dam: {d.damName ?? 'unknown'}
                {d.healthTests.length > 0 ? ` · ${d.healthTests.length} health ${d.healthTests.length === 1 ? 'result' : 'results'}` : ''}
              </Meta>
            </ItemCard>
          )}
          remove={{
            run: (d) => trpcClient.admin.parents.remove.mutate({ id: d.id }),
            body: (d) =>
              d.referencedBy > 0
                ? `${d.name} is named as a parent by ${d.referencedBy} ${d.referencedBy === 1 ? 'dog or litter' : 'dogs or litters'}. Deleting ${d.name} leaves that parent unknown there. To hide the dog instead, turn off “Featured”.`
                : `${d.name} will be removed from the site for good. To hide the dog for now, turn off “Featured” instead.`,
            areas: ['parents', 'litters'],
          }}
        />
      }
      editor={(target) => (
        <AdminEditor
          target={target}
          noun={NOUN}
          load={(id) => trpc.admin.parents.byId.queryOptions({ id })}
          initialValues={initialValues}
          schema={DogInputSchema}
          toInput={({ sireName: _s, damName: _d, ...v }) => ({
            ...v,
            weight: numberOrNull(v.weight),
            birthDate: emptyToNull(v.birthDate),
            imageUrl: v.photos[0] ?? null,
            videoUrl: emptyToNull(v.videoUrl),
            sortOrder: numberOrNull(v.sortOrder) ?? 0,
            healthTests: v.healthTests.map(({ certificateKind: _k, ...t }) => ({ ...t, date: emptyToNull(t.date) })),
          })}
          create={(input) => trpcClient.admin.parents.create.mutate(input)}
          update={(id, input) => trpcClient.admin.parents.update.mutate({ id, ...input })}
          areas={['parents', 'litters']}
          fields={(form, item) => (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Call name" required {...form.getInputProps('name')} />
                <Select label="Sex" required data={GENDER_DATA} allowDeselect={false} {...form.getInputProps('gender')} />
                <TextInput label="Registered name" {...form.getInputProps('registeredName')} />
                <Select label="Registry" data={REGISTRY_DATA} allowDeselect={false} {...form.getInputProps('registry')} />
                <TextInput label="Registration number" {...form.getInputProps('registrationNumber')} />
                <Autocomplete
                  label="Generation"
                  description="Golden Retriever, Poodle, F1, F1B, multigen…"
                  data={[...DOG_GENERATIONS]}
                  {...form.getInputProps('generation')}
                />
                <TextInput label="Breed" {...form.getInputProps('breed')} />
                <TextInput label="Color" {...form.getInputProps('color')} />
                <NumberInput label="Weight (lbs)" min={0} max={300} decimalScale={1} {...form.getInputProps('weight')} />
                <DateField label="Birth date" {...form.getInputProps('birthDate')} />
                <TextInput label="Breeder/owner" {...form.getInputProps('breederOwner')} />
                <NumberInput
                  label="Display order"
                  description="Lower numbers show first."
                  min={0}
                  max={10000}
                  allowDecimal={false}
                  {...form.getInputProps('sortOrder')}
                />
              </SimpleGrid>
              <Title order={3} size="h5">
                Parents
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {PARENT_PICKERS.map(({ label, gender, id, name }) => (
                  <DogPicker
                    key={label}
                    registry={dogRegistry}
                    label={label}
                    gender={gender}
                    exclude={item?.id}
                    value={form.values[id]}
                    currentName={form.values[name]}
                    onChange={(picked, pickedName) => form.setValues({ [id]: picked, [name]: pickedName })}
                    error={form.errors[id]}
                  />
                ))}
              </SimpleGrid>
              <Switch
                label="Ours (lives here: one of the parent dogs)"
                description="An ancestor from another breeder is not ours: it appears only in the pedigrees of the dogs it is a parent of."
                {...form.getInputProps('ours', { type: 'checkbox' })}
              />
              <Switch
                label="Featured (shown to visitors)"
                description={
                  form.values.ours
                    ? 'Featuring shows this dog on the home page under Our Parent Dogs (its photo, age, weight and description) and on the family tree, with its pedigree. Until then only you see it: add a photo and its details first.'
                    : 'Only our own dogs are featured: turn on “Ours” to show this dog on the home page and the family tree.'
                }
                {...form.getInputProps('featured', { type: 'checkbox' })}
              />
              <Switch
                label="Retired (kept on the family tree, off the home page)"
                {...form.getInputProps('retired', { type: 'checkbox' })}
              />
              <OrderedListField
                form={form}
                path="healthTests"
                items={form.values.healthTests}
                label="Health results"
                entry="Health result"
                newItem={NEW_HEALTH_ROW}
                max={40}
                empty="No health results yet."
              >
                {(i, name) => (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <Select
                        label={`${name}: test`}
                        data={KIND_DATA}
                        allowDeselect={false}
                        {...form.getInputProps(`healthTests.${i}.kind`)}
                      />
                      <TextInput
                        label={`${name}: specific test`}
                        description="e.g. Embark: PRA-prcd, DM, vWD1, NEwS"
                        {...form.getInputProps(`healthTests.${i}.test`)}
                      />
                      <TextInput label={`${name}: result`} required {...form.getInputProps(`healthTests.${i}.result`)} />
                      <DateField label={`${name}: date`} {...form.getInputProps(`healthTests.${i}.date`)} />
                    </SimpleGrid>
                    <TextInput
                      label={`${name}: verification link`}
                      description="https:// only (the OFA or lab page)"
                      {...form.getInputProps(`healthTests.${i}.verificationUrl`)}
                    />
                    <SegmentedControl
                      aria-label={`${name}: certificate file type`}
                      data={[
                        { value: 'document', label: 'PDF' },
                        { value: 'image', label: 'Photo' },
                      ]}
                      {...form.getInputProps(`healthTests.${i}.certificateKind`)}
                    />
                    <MediaField
                      label={`${name}: certificate`}
                      kind={form.values.healthTests[i]!.certificateKind}
                      {...form.getInputProps(`healthTests.${i}.certificateUrl`)}
                    />
                  </>
                )}
              </OrderedListField>
              <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
              <Textarea
                label="Notes"
                description="Shown to nobody but you."
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps('notes')}
              />
              <PhotoSetField label="Photos" max={PARENT_MAX_PHOTOS} firstNote="shown on the dog’s card" {...form.getInputProps('photos')} />
              <MediaField
                label="Video (optional)"
                kind="video"
                description="A short clip, shown on the dog’s family tree page."
                {...form.getInputProps('videoUrl')}
              />
            </>
          )}
        />
      )}
    />
  );
}

const initialValues = (d?: DogAdminDto) => ({
  name: d?.name ?? '',
  gender: d?.gender ?? 'female',
  breed: d?.breed ?? 'Mini Goldendoodle',
  color: d?.color ?? '',
  weight: (d?.weight ?? '') as number | string,
  birthDate: d?.birthDate ?? '',
  description: d?.description ?? '',
  photos: d?.photos ?? [],
  videoUrl: d?.videoUrl ?? null,
  // A new dog is private until featured (issue 29).
  featured: d?.featured ?? false,
  sortOrder: (d?.sortOrder ?? 0) as number | string,
  registeredName: d?.registeredName ?? '',
  registry: d?.registry ?? '',
  registrationNumber: d?.registrationNumber ?? '',
  generation: d?.generation ?? '',
  breederOwner: d?.breederOwner ?? '',
  notes: d?.notes ?? '',
  sireId: d?.sireId ?? null,
  damId: d?.damId ?? null,
  sireName: d?.sireName ?? null,
  damName: d?.damName ?? null,
  ours: d?.ours ?? true,
  retired: d?.retired ?? false,
  healthTests: (d?.healthTests ?? []).map((t): HealthRow => ({
    kind: t.kind,
    test: t.test,
    result: t.result,
    date: t.date ?? '',
    verificationUrl: t.verificationUrl ?? '',
    certificateUrl: t.certificateUrl ?? '',
    certificateKind: t.certificateUrl && !t.certificateUrl.endsWith('.pdf') ? 'image' : 'document',
  })),
});
