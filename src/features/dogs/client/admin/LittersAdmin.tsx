// Litters: paged list (active first) and the editor; dates are YYYY-MM-DD strings, and the mother and
// father are the registry's dogs, searched by name (a visiting sire can be added as a new ancestor).
import { Anchor, NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, type Noun } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor, type AdminFormApi } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { DateField, DateText } from '../../../../lib/client/admin/Dates.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, numberOrNull } from '../../../../lib/client/admin/admin-utils.ts';
import { DogPicker, type DogSex } from './DogPicker.tsx';
import { dogRegistry } from './dog-registry.ts';
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
                {l.birthDate ? (
                  <>
                    {' '}
                    · born <DateText iso={l.birthDate} />
                  </>
                ) : (
                  l.expectedDate && (
                    <>
                      {' '}
                      · expected <DateText iso={l.expectedDate} />
                    </>
                  )
                )}
                {l.puppyCount != null ? ` · ${l.puppyCount} puppies` : ''}
              </Meta>
              {l.birthDate && (
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/admin/temperament" search={{ edit: l.id }} />}
                  size="sm"
                  w="fit-content"
                >
                  Temperament tests of the {l.name}
                </Anchor>
              )}
            </ItemCard>
          )}
          remove={{
            run: (l) => trpcClient.admin.litters.remove.mutate({ id: l.id }),
            body: (l) =>
              `${l.name} will be deleted. Its puppies stay on the site without a litter. To keep it but hide it, archive it instead.`,
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
          toInput={(v) => ({
            ...v,
            imageUrl: emptyToNull(v.imageUrl),
            expectedDate: emptyToNull(v.expectedDate),
            birthDate: emptyToNull(v.birthDate),
            puppyCount: numberOrNull(v.puppyCount),
          })}
          create={(input) => trpcClient.admin.litters.create.mutate(input)}
          update={(id, input) => trpcClient.admin.litters.update.mutate({ id, ...input })}
          areas={['litters', 'puppies']}
          fields={(form) => (
            <>
              <TextInput label="Name" required {...form.getInputProps('name')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ParentFields form={form} />
                <DateField label="Expected date" {...form.getInputProps('expectedDate')} />
                <DateField
                  label="Birth date"
                  description="Leave empty while the litter is expected (visitors can join the waitlist)."
                  {...form.getInputProps('birthDate')}
                />
                <NumberInput label="Puppy count" min={0} max={30} allowDecimal={false} {...form.getInputProps('puppyCount')} />
              </SimpleGrid>
              <Switch
                label="Active (shown on the site)"
                description="Turn off to archive the litter."
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
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
  damId: l?.damId ?? null,
  sireId: l?.sireId ?? null,
  expectedDate: l?.expectedDate ?? '',
  birthDate: l?.birthDate ?? '',
  puppyCount: (l?.puppyCount ?? '') as number | string,
  active: l?.active ?? true,
});

/**
 * The mother from the registry's females, the father from its males (or a visiting sire added inline). A litter
 * saved before the registry, with names only, shows its stored name until a dog is picked; saved as it is, the
 * server links the name to the registry's dog of that name (adding it when there is none).
 */
function ParentFields({ form }: { form: AdminFormApi<ReturnType<typeof initialValues>> }) {
  const picker = (label: string, role: 'dam' | 'sire', gender: DogSex, idKey: 'damId' | 'sireId', nameKey: 'motherName' | 'fatherName') => {
    const id = form.values[idKey];
    const name = form.values[nameKey];
    return (
      <DogPicker
        registry={dogRegistry}
        label={label}
        role={role}
        gender={gender}
        required
        value={id}
        currentName={name || null}
        onChange={(newId, newName) => form.setValues({ [idKey]: newId, [nameKey]: newName ?? '' })}
        placeholder={id == null && name ? name : 'Search by name'}
        description={
          id == null && name
            ? `Saved as the name “${name}” only: saving links it to the registry’s dog of that name, or pick one.`
            : undefined
        }
        error={form.errors[idKey] ?? form.errors[nameKey]}
      />
    );
  };
  return (
    <>
      {picker('Mother', 'dam', 'female', 'damId', 'motherName')}
      {picker('Father', 'sire', 'male', 'sireId', 'fatherName')}
    </>
  );
}
