// Parent dogs: paged list in display order and the editor (every SPEC §3 field, featured, order).
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { ActionIcon, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { formatParentAge, formatWeight } from '../../../lib/shared/format.ts';
import { PARENT_GENDERS, ParentDogInputSchema, type ParentDogAdminDto } from '../../parents/parents.schema.ts';
import { applyServerErrors, focusFirstInvalid, emptyToNull, notifyFailed, notifySaved, numberOrNull, useInvalidate, zodValidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { MediaField } from './MediaField.tsx';
import { EditorHeader, FormActions, SectionHeader, useEditorView } from './Section.tsx';
import { useReportDirty } from './UnsavedChanges.tsx';
import { Thumb } from './Thumb.tsx';
import { DateField } from './DateField.tsx';

export function ParentsAdmin() {
  const { view, setView, backToList, done } = useEditorView();
  if (view.kind === 'new') {
    return (
      <>
        <EditorHeader title="New parent dog" onBack={backToList} backLabel="Back to parents" />
        <ParentForm onDone={done} onCancel={backToList} />
      </>
    );
  }
  if (view.kind === 'edit') return <EditParent id={view.id} onDone={done} onCancel={backToList} />;
  return <ParentList onNew={() => setView({ kind: 'new' })} onEdit={(id) => setView({ kind: 'edit', id })} />;
}

function ParentList({ onNew, onEdit }: { onNew: () => void; onEdit: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery(trpc.admin.parents.list.queryOptions({ page }));
  const [deleting, setDeleting] = useState<ParentDogAdminDto | null>(null);
  const invalidate = useInvalidate();
  const remove = useMutation(
    trpc.admin.parents.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Parent dog deleted', `${deleting?.name ?? 'The dog'} was removed from the site.`);
        setDeleting(null);
        await invalidate('parents');
      },
      onError: (e) => notifyFailed('Could not delete the parent dog', e),
    }),
  );

  return (
    <>
      <SectionHeader
        title="Parent dogs"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            Add parent dog
          </Button>
        }
      />
      <QueryState query={query} what="parent dogs" />
      {query.data && query.data.items.length === 0 && (
        <EmptyState action={<Button onClick={onNew}>Add your first parent dog</Button>}>No parent dogs yet.</EmptyState>
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Parent dogs">
            {query.data.items.map((d) => (
              <Paper component="li" key={d.id} withBorder p="sm" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Thumb src={d.imageUrl} alt={d.name} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Title order={3} size="h5">
                        {d.name}
                      </Title>
                      <ToneBadge tone={d.featured ? 'green' : 'gray'}>
                        {d.featured ? 'Featured' : 'Not shown'}
                      </ToneBadge>
                    </Group>
                    <Text size="sm" c="gray.7">
                      {[d.gender === 'female' ? 'Female' : 'Male', d.breed, d.color, formatWeight(d.weight), d.birthDate ? formatParentAge(d.birthDate) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" size="lg" onClick={() => onEdit(d.id)} aria-label={`Edit ${d.name}`}>
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setDeleting(d)} aria-label={`Delete ${d.name}`}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Parent dogs" />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this parent dog?"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting?.name} will be removed from the site for good. To hide the dog for now, turn off “Featured” instead.
      </ConfirmDeleteModal>
    </>
  );
}

function EditParent({ id, onDone, onCancel }: { id: number; onDone: () => void; onCancel: () => void }) {
  const query = useQuery(trpc.admin.parents.byId.queryOptions({ id }));
  return (
    <>
      <EditorHeader title={query.data ? `Edit ${query.data.name}` : 'Edit parent dog'} onBack={onCancel} backLabel="Back to parents" />
      <QueryState query={query} what="the parent dog" />
      {query.data && <ParentForm parent={query.data} onDone={onDone} onCancel={onCancel} />}
    </>
  );
}

interface ParentFormValues {
  name: string;
  gender: 'female' | 'male';
  breed: string;
  color: string;
  weight: number | string;
  birthDate: string;
  description: string;
  imageUrl: string | null;
  featured: boolean;
  sortOrder: number | string;
}

const toInput = (v: ParentFormValues) => ({
  ...v,
  weight: numberOrNull(v.weight),
  birthDate: emptyToNull(v.birthDate),
  imageUrl: emptyToNull(v.imageUrl),
  sortOrder: numberOrNull(v.sortOrder) ?? 0,
});

function ParentForm({ parent, onDone, onCancel }: { parent?: ParentDogAdminDto; onDone: () => void; onCancel: () => void }) {
  const form = useForm<ParentFormValues>({
    mode: 'controlled',
    initialValues: {
      name: parent?.name ?? '',
      gender: parent?.gender ?? 'female',
      breed: parent?.breed ?? 'Mini Goldendoodle',
      color: parent?.color ?? '',
      weight: parent?.weight ?? '',
      birthDate: parent?.birthDate ?? '',
      description: parent?.description ?? '',
      imageUrl: parent?.imageUrl ?? null,
      featured: parent?.featured ?? true,
      sortOrder: parent?.sortOrder ?? 0,
    },
    validate: zodValidate(ParentDogInputSchema, toInput),
  });
  useReportDirty(`parent-${parent?.id ?? 'new'}`, form.isDirty());
  const invalidate = useInvalidate();
  const options = {
    onSuccess: async (saved: ParentDogAdminDto) => {
      notifySaved(parent ? 'Parent dog saved' : 'Parent dog added', `${saved.name} is saved.`);
      form.resetDirty();
      await invalidate('parents');
      onDone();
    },
    onError: (e: unknown) => {
      applyServerErrors(form, e);
      notifyFailed('Could not save the parent dog', e);
    },
  };
  const create = useMutation(trpc.admin.parents.create.mutationOptions(options));
  const update = useMutation(trpc.admin.parents.update.mutationOptions(options));
  const submit = form.onSubmit((values) => {
    const input = ParentDogInputSchema.parse(toInput(values));
    if (parent) update.mutate({ id: parent.id, ...input });
    else create.mutate(input);
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={parent ? `Edit ${parent.name}` : 'New parent dog'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Gender"
            required
            data={PARENT_GENDERS.map((g) => ({ value: g, label: g === 'female' ? 'Female' : 'Male' }))}
            allowDeselect={false}
            {...form.getInputProps('gender')}
          />
          <TextInput label="Breed" required {...form.getInputProps('breed')} />
          <TextInput label="Color" required {...form.getInputProps('color')} />
          <NumberInput label="Weight (lbs)" min={0} max={300} decimalScale={1} {...form.getInputProps('weight')} />
          <DateField label="Birth date" {...form.getInputProps('birthDate')} />
          <NumberInput label="Display order" description="Lower numbers show first." min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
        </SimpleGrid>
        <Switch label="Featured (shown on the home page)" {...form.getInputProps('featured', { type: 'checkbox' })} />
        <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
        <MediaField label="Photo" kind="image" value={form.values.imageUrl} onChange={(url) => form.setFieldValue('imageUrl', url)} error={form.errors.imageUrl as string | undefined} />
      </Stack>
      <FormActions saving={create.isPending || update.isPending} onCancel={onCancel} saveLabel={parent ? 'Save parent dog' : 'Add parent dog'} />
    </form>
  );
}
