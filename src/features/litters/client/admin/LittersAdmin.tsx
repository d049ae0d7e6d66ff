// Litters: paged list (active first) and the editor; dates are YYYY-MM-DD strings.
import { NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta, RowActions } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { DateField } from '../../../../lib/client/admin/DateField.tsx';
import { useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, numberOrNull } from '../../../../lib/client/admin/admin-utils.ts';
import { LitterInputSchema, type LitterAdminDto } from '../../litters.schema.ts';

export function LittersAdmin() {
  const { edit } = useEditorView();
  if (edit !== undefined) return <LitterEditor target={edit} />;
  return (
    <AdminList
      title="Litters"
      what="litters"
      queryOptions={(input) => trpc.admin.litters.list.queryOptions(input)}
      addLabel="Add litter"
      search={{ label: 'Search litters', placeholder: 'Name' }}
      empty={{ none: 'No litters yet.', filtered: 'No litters match this search.', addFirst: 'Add your first litter' }}
      renderItem={(l, row) => (
        <ItemCard
          title={l.name}
          image={{ src: l.imageUrl, alt: l.name }}
          badges={
            <>
              <ToneBadge tone={l.active ? 'green' : 'gray'}>{l.active ? 'Active' : 'Archived'}</ToneBadge>
              <ToneBadge tone={l.birthDate ? 'blue' : 'pink'}>{l.birthDate ? 'Born' : 'Expected'}</ToneBadge>
            </>
          }
          actions={<RowActions name={l.name} onEdit={row.edit} onDelete={row.remove} />}
        >
          <Meta>
            {l.motherName} × {l.fatherName}
            {l.birthDate ? ` · born ${l.birthDate}` : l.expectedDate ? ` · expected ${l.expectedDate}` : ''}
            {l.puppyCount != null ? ` · ${l.puppyCount} puppies` : ''}
          </Meta>
        </ItemCard>
      )}
      remove={{
        run: (l) => trpcClient.admin.litters.remove.mutate({ id: l.id }),
        title: 'Delete this litter?',
        body: (l) => `${l.name} will be deleted. Its puppies stay on the site without a litter. To keep it but hide it, archive it instead.`,
        done: (l) => ['Litter deleted', `${l.name} was removed. Its puppies are now unassigned.`],
        failed: 'Could not delete the litter',
        areas: ['litters', 'puppies'],
      }}
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

const toInput = (v: ReturnType<typeof initialValues>) => ({
  ...v,
  imageUrl: emptyToNull(v.imageUrl),
  expectedDate: emptyToNull(v.expectedDate),
  birthDate: emptyToNull(v.birthDate),
  puppyCount: numberOrNull(v.puppyCount),
});

function LitterEditor({ target }: { target: 'new' | number }) {
  return (
    <AdminEditor
      target={target}
      newTitle="New litter"
      editTitle={(l) => (l ? `Edit ${l.name}` : 'Edit litter')}
      backLabel="Back to litters"
      what="the litter"
      load={(id) => trpc.admin.litters.byId.queryOptions({ id })}
      initialValues={initialValues}
      schema={LitterInputSchema}
      toInput={toInput}
      create={(input) => trpcClient.admin.litters.create.mutate(input)}
      update={(id, input) => trpcClient.admin.litters.update.mutate({ id, ...input })}
      saved={(saved, l) => [l ? 'Litter saved' : 'Litter added', `${saved.name} is saved.`]}
      failed="Could not save the litter"
      areas={['litters', 'puppies']}
      saveLabel={(l) => (l ? 'Save litter' : 'Add litter')}
      fields={(form) => (
        <>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Mother" required {...form.getInputProps('motherName')} />
            <TextInput label="Father" required {...form.getInputProps('fatherName')} />
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
  );
}
