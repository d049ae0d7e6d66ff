// Parent dogs: paged list in display order and the editor (every SPEC §3 field, featured, order).
import { NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, type Noun } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { DateField } from '../../../../lib/client/admin/Dates.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, numberOrNull } from '../../../../lib/client/admin/admin-utils.ts';
import { formatParentAge, formatWeight } from '../../../../lib/shared/format.ts';
import { PARENT_GENDERS, ParentDogInputSchema, type ParentDogAdminDto } from '../../parents.schema.ts';

const GENDER_DATA = PARENT_GENDERS.map((g) => ({ value: g, label: g === 'female' ? 'Female' : 'Male' }));

const NOUN: Noun = ['parent dog', 'parent dogs'];

export function ParentsAdmin() {
  return (
    <AdminScreen
      list={
        <AdminList
          noun={NOUN}
          queryOptions={(input) => trpc.admin.parents.list.queryOptions(input)}
          addable
          renderItem={(d, row) => (
            <ItemCard title={d.name} thumb={d.imageUrl} row={row} badges={<ToneBadge tone={d.featured ? 'green' : 'gray'}>{d.featured ? 'Featured' : 'Not shown'}</ToneBadge>}>
              <Meta>{[d.gender === 'female' ? 'Female' : 'Male', d.breed, d.color, formatWeight(d.weight), d.birthDate ? formatParentAge(d.birthDate) : null].filter(Boolean).join(' · ')}</Meta>
            </ItemCard>
          )}
          remove={{
            run: (d) => trpcClient.admin.parents.remove.mutate({ id: d.id }),
            body: (d) => `${d.name} will be removed from the site for good. To hide the dog for now, turn off “Featured” instead.`,
            areas: ['parents'],
          }}
        />
      }
      editor={(target) => (
        <AdminEditor
          target={target}
          noun={NOUN}
          load={(id) => trpc.admin.parents.byId.queryOptions({ id })}
          initialValues={initialValues}
          schema={ParentDogInputSchema}
          toInput={(v) => ({ ...v, weight: numberOrNull(v.weight), birthDate: emptyToNull(v.birthDate), imageUrl: emptyToNull(v.imageUrl), sortOrder: numberOrNull(v.sortOrder) ?? 0 })}
          create={(input) => trpcClient.admin.parents.create.mutate(input)}
          update={(id, input) => trpcClient.admin.parents.update.mutate({ id, ...input })}
          areas={['parents']}
          fields={(form) => (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required {...form.getInputProps('name')} />
                <Select label="Gender" required data={GENDER_DATA} allowDeselect={false} {...form.getInputProps('gender')} />
                <TextInput label="Breed" required {...form.getInputProps('breed')} />
                <TextInput label="Color" required {...form.getInputProps('color')} />
                <NumberInput label="Weight (lbs)" min={0} max={300} decimalScale={1} {...form.getInputProps('weight')} />
                <DateField label="Birth date" {...form.getInputProps('birthDate')} />
                <NumberInput label="Display order" description="Lower numbers show first." min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
              </SimpleGrid>
              <Switch label="Featured (shown on the home page)" {...form.getInputProps('featured', { type: 'checkbox' })} />
              <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
              <MediaField label="Photo" kind="image" {...form.getInputProps('imageUrl')} />
            </>
          )}
        />
      )}
    />
  );
}

const initialValues = (d?: ParentDogAdminDto) => ({
  name: d?.name ?? '',
  gender: d?.gender ?? 'female',
  breed: d?.breed ?? 'Mini Goldendoodle',
  color: d?.color ?? '',
  weight: (d?.weight ?? '') as number | string,
  birthDate: d?.birthDate ?? '',
  description: d?.description ?? '',
  imageUrl: d?.imageUrl ?? null,
  featured: d?.featured ?? true,
  sortOrder: (d?.sortOrder ?? 0) as number | string,
});
