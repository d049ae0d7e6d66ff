// Litters: paged list (active first) and the editor; dates are YYYY-MM-DD strings, and the mother and
// father are picked from the parent dogs (still stored as names), or a visiting sire's name is typed.
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, type Noun } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor, type AdminFormApi } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { DateField, DateText } from '../../../../lib/client/admin/Dates.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, numberOrNull } from '../../../../lib/client/admin/admin-utils.ts';
import { LitterInputSchema, type LitterAdminDto } from '../../litters.schema.ts';

const NOUN: Noun = ['litter', 'litters'];

export function LittersAdmin() {
  return (
    <AdminScreen
      list={
        <AdminList
          noun={NOUN}
          queryOptions={(input) => trpc.admin.litters.list.queryOptions(input)}
          addable
          search={{ label: 'Search litters', placeholder: 'Name' }}
          renderItem={(l, row) => (
            <ItemCard
              title={l.name}
              thumb={l.imageUrl}
              row={row}
              badges={
                <>
                  <ToneBadge tone={l.active ? 'green' : 'gray'}>{l.active ? 'Active' : 'Archived'}</ToneBadge>
                  <ToneBadge tone={l.birthDate ? 'blue' : 'pink'}>{l.birthDate ? 'Born' : 'Expected'}</ToneBadge>
                </>
              }
            >
              <Meta>
                {l.motherName} × {l.fatherName}
                {l.birthDate ? <> · born <DateText iso={l.birthDate} /></> : l.expectedDate && <> · expected <DateText iso={l.expectedDate} /></>}
                {l.puppyCount != null ? ` · ${l.puppyCount} puppies` : ''}
              </Meta>
            </ItemCard>
          )}
          remove={{
            run: (l) => trpcClient.admin.litters.remove.mutate({ id: l.id }),
            body: (l) => `${l.name} will be deleted. Its puppies stay on the site without a litter. To keep it but hide it, archive it instead.`,
            done: (l) => ['Litter deleted', `${l.name} was removed. Its puppies are now unassigned.`],
            areas: ['litters', 'puppies'],
          }}
        />
      }
      editor={(target) => (
        <AdminEditor
          target={target}
          noun={NOUN}
          load={(id) => trpc.admin.litters.byId.queryOptions({ id })}
          initialValues={initialValues}
          schema={LitterInputSchema}
          toInput={(v) => ({ ...v, imageUrl: emptyToNull(v.imageUrl), expectedDate: emptyToNull(v.expectedDate), birthDate: emptyToNull(v.birthDate), puppyCount: numberOrNull(v.puppyCount) })}
          create={(input) => trpcClient.admin.litters.create.mutate(input)}
          update={(id, input) => trpcClient.admin.litters.update.mutate({ id, ...input })}
          areas={['litters', 'puppies']}
          fields={(form) => (
            <>
              <TextInput label="Name" required {...form.getInputProps('name')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ParentFields form={form} />
                <DateField label="Expected date" {...form.getInputProps('expectedDate')} />
                <DateField label="Birth date" description="Leave empty while the litter is expected (visitors can join the waitlist)." {...form.getInputProps('birthDate')} />
                <NumberInput label="Puppy count" min={0} max={30} allowDecimal={false} {...form.getInputProps('puppyCount')} />
              </SimpleGrid>
              <Switch label="Active (shown on the site)" description="Turn off to archive the litter." {...form.getInputProps('active', { type: 'checkbox' })} />
              <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
              <MediaField label="Litter photo" kind="image" {...form.getInputProps('imageUrl')} />
            </>
          )}
        />
      )}
    />
  );
}

const initialValues = (l?: LitterAdminDto) => ({
  name: l?.name ?? '',
  description: l?.description ?? '',
  imageUrl: l?.imageUrl ?? null,
  motherName: l?.motherName ?? '',
  fatherName: l?.fatherName ?? '',
  expectedDate: l?.expectedDate ?? '',
  birthDate: l?.birthDate ?? '',
  puppyCount: (l?.puppyCount ?? '') as number | string,
  active: l?.active ?? true,
});

/** The mother from the breeder's females (a name stored before keeps its place); the father from the males, or any name. */
function ParentFields({ form }: { form: AdminFormApi<ReturnType<typeof initialValues>> }) {
  const parents = useQuery(trpc.admin.parents.list.queryOptions({ page: 1 }));
  const names = (gender: 'female' | 'male', keep = '') => [...new Set([...(parents.data?.items ?? []).filter((d) => d.gender === gender).map((d) => d.name), ...(keep ? [keep] : [])])];
  const error = parents.isError ? 'Could not load the parent dogs.' : undefined;
  return (
    <>
      <Select label="Mother" required searchable allowDeselect={false} placeholder={parents.isPending ? 'Loading parent dogs…' : 'Choose a parent dog'} nothingFoundMessage="No parent dog by that name" data={names('female', form.values.motherName)} {...form.getInputProps('motherName')} error={form.errors.motherName ?? error} />
      <Autocomplete label="Father" required description="One of your dogs, or type the name of an outside sire." data={names('male')} {...form.getInputProps('fatherName')} error={form.errors.fatherName ?? error} />
    </>
  );
}
