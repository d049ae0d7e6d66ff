// Litters: paged list (active first) and the editor; dates are YYYY-MM-DD strings.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { ActionIcon, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { LitterInputSchema, type LitterAdminDto } from '../../litters/litters.schema.ts';
import { applyServerErrors, focusFirstInvalid, emptyToNull, notifyFailed, notifySaved, numberOrNull, useInvalidate, zodValidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { MediaField } from './MediaField.tsx';
import { EditorHeader, FormActions, SectionHeader, useEditorView } from './Section.tsx';
import { useReportDirty } from './UnsavedChanges.tsx';
import { Thumb } from './Thumb.tsx';
import { DateField } from './DateField.tsx';

export function LittersAdmin() {
  const { view, setView, backToList, done } = useEditorView();
  if (view.kind === 'new') {
    return (
      <>
        <EditorHeader title="New litter" onBack={backToList} backLabel="Back to litters" />
        <LitterForm onDone={done} onCancel={backToList} />
      </>
    );
  }
  if (view.kind === 'edit') return <EditLitter id={view.id} onDone={done} onCancel={backToList} />;
  return <LitterList onNew={() => setView({ kind: 'new' })} onEdit={(id) => setView({ kind: 'edit', id })} />;
}

function LitterList({ onNew, onEdit }: { onNew: () => void; onEdit: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useQuery(trpc.admin.litters.list.queryOptions({ page, search: debounced || undefined }));
  const [deleting, setDeleting] = useState<LitterAdminDto | null>(null);
  const invalidate = useInvalidate();
  const remove = useMutation(
    trpc.admin.litters.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Litter deleted', `${deleting?.name ?? 'The litter'} was removed. Its puppies are now unassigned.`);
        setDeleting(null);
        await invalidate('litters', 'puppies');
      },
      onError: (e) => notifyFailed('Could not delete the litter', e),
    }),
  );

  return (
    <>
      <SectionHeader
        title="Litters"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            Add litter
          </Button>
        }
      />
      <TextInput
        label="Search litters"
        placeholder="Name"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={360}
      />
      <QueryState query={query} what="litters" />
      {query.data && query.data.items.length === 0 && (
        <EmptyState action={!debounced ? <Button onClick={onNew}>Add your first litter</Button> : undefined}>
          {debounced ? 'No litters match this search.' : 'No litters yet.'}
        </EmptyState>
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Litters">
            {query.data.items.map((l) => (
              <Paper component="li" key={l.id} withBorder p="sm" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Thumb src={l.imageUrl} alt={l.name} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Title order={3} size="h5">
                        {l.name}
                      </Title>
                      <ToneBadge tone={l.active ? 'green' : 'gray'}>
                        {l.active ? 'Active' : 'Archived'}
                      </ToneBadge>
                      <ToneBadge tone={l.birthDate ? 'blue' : 'pink'}>
                        {l.birthDate ? 'Born' : 'Expected'}
                      </ToneBadge>
                    </Group>
                    <Text size="sm" c="gray.7">
                      {l.motherName} × {l.fatherName}
                      {l.birthDate ? ` · born ${l.birthDate}` : l.expectedDate ? ` · expected ${l.expectedDate}` : ''}
                      {l.puppyCount != null ? ` · ${l.puppyCount} puppies` : ''}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" size="lg" onClick={() => onEdit(l.id)} aria-label={`Edit ${l.name}`}>
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setDeleting(l)} aria-label={`Delete ${l.name}`}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Litters" />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this litter?"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting?.name} will be deleted. Its puppies stay on the site without a litter. To keep it but hide it, archive it instead.
      </ConfirmDeleteModal>
    </>
  );
}

function EditLitter({ id, onDone, onCancel }: { id: number; onDone: () => void; onCancel: () => void }) {
  const query = useQuery(trpc.admin.litters.byId.queryOptions({ id }));
  return (
    <>
      <EditorHeader title={query.data ? `Edit ${query.data.name}` : 'Edit litter'} onBack={onCancel} backLabel="Back to litters" />
      <QueryState query={query} what="the litter" />
      {query.data && <LitterForm litter={query.data} onDone={onDone} onCancel={onCancel} />}
    </>
  );
}

interface LitterFormValues {
  name: string;
  description: string;
  imageUrl: string | null;
  motherName: string;
  fatherName: string;
  expectedDate: string;
  birthDate: string;
  puppyCount: number | string;
  active: boolean;
}

function toInput(v: LitterFormValues) {
  return {
    ...v,
    imageUrl: emptyToNull(v.imageUrl),
    expectedDate: emptyToNull(v.expectedDate),
    birthDate: emptyToNull(v.birthDate),
    puppyCount: numberOrNull(v.puppyCount),
  };
}

function LitterForm({ litter, onDone, onCancel }: { litter?: LitterAdminDto; onDone: () => void; onCancel: () => void }) {
  const form = useForm<LitterFormValues>({
    mode: 'controlled',
    initialValues: {
      name: litter?.name ?? '',
      description: litter?.description ?? '',
      imageUrl: litter?.imageUrl ?? null,
      motherName: litter?.motherName ?? '',
      fatherName: litter?.fatherName ?? '',
      expectedDate: litter?.expectedDate ?? '',
      birthDate: litter?.birthDate ?? '',
      puppyCount: litter?.puppyCount ?? '',
      active: litter?.active ?? true,
    },
    validate: zodValidate(LitterInputSchema, toInput),
  });
  useReportDirty(`litter-${litter?.id ?? 'new'}`, form.isDirty());
  const invalidate = useInvalidate();
  const options = {
    onSuccess: async (saved: LitterAdminDto) => {
      notifySaved(litter ? 'Litter saved' : 'Litter added', `${saved.name} is saved.`);
      form.resetDirty();
      await invalidate('litters', 'puppies');
      onDone();
    },
    onError: (e: unknown) => {
      applyServerErrors(form, e);
      notifyFailed('Could not save the litter', e);
    },
  };
  const create = useMutation(trpc.admin.litters.create.mutationOptions(options));
  const update = useMutation(trpc.admin.litters.update.mutationOptions(options));

  const submit = form.onSubmit((values) => {
    const input = LitterInputSchema.parse(toInput(values));
    if (litter) update.mutate({ id: litter.id, ...input });
    else create.mutate(input);
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={litter ? `Edit ${litter.name}` : 'New litter'}>
      <Stack gap="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Mother" required {...form.getInputProps('motherName')} />
          <TextInput label="Father" required {...form.getInputProps('fatherName')} />
          <DateField label="Expected date" {...form.getInputProps('expectedDate')} />
          <DateField
            label="Birth date"
            description="Leave empty while the litter is expected (visitors can join the waitlist)."
            {...form.getInputProps('birthDate')}
          />
          <NumberInput label="Puppy count" min={0} max={30} allowDecimal={false} {...form.getInputProps('puppyCount')} />
        </SimpleGrid>
        <Switch label="Active (shown on the site)" description="Turn off to archive the litter." {...form.getInputProps('active', { type: 'checkbox' })} />
        <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
        <MediaField label="Litter photo" kind="image" value={form.values.imageUrl} onChange={(url) => form.setFieldValue('imageUrl', url)} error={form.errors.imageUrl as string | undefined} />
      </Stack>
      <FormActions saving={create.isPending || update.isPending} onCancel={onCancel} saveLabel={litter ? 'Save litter' : 'Add litter'} />
    </form>
  );
}
