// Testimonials: paged list (newest first) and the editor with a 1–5 rating.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { ActionIcon, Button, Group, Input, Paper, Rating, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { TestimonialInputSchema, type TestimonialAdminDto } from '../../testimonials/testimonials.schema.ts';
import { applyServerErrors, focusFirstInvalid, emptyToNull, notifyFailed, notifySaved, useInvalidate, zodValidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { MediaField } from './MediaField.tsx';
import { EditorHeader, FormActions, SectionHeader, useEditorView } from './Section.tsx';
import { useReportDirty } from './UnsavedChanges.tsx';
import { Thumb } from './Thumb.tsx';

export function TestimonialsAdmin() {
  const { view, setView, backToList, done } = useEditorView();
  if (view.kind === 'new') {
    return (
      <>
        <EditorHeader title="New testimonial" onBack={backToList} backLabel="Back to testimonials" />
        <TestimonialForm onDone={done} onCancel={backToList} />
      </>
    );
  }
  if (view.kind === 'edit') return <EditTestimonial id={view.id} onDone={done} onCancel={backToList} />;
  return <TestimonialList onNew={() => setView({ kind: 'new' })} onEdit={(id) => setView({ kind: 'edit', id })} />;
}

function TestimonialList({ onNew, onEdit }: { onNew: () => void; onEdit: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useQuery(trpc.admin.testimonials.list.queryOptions({ page, search: debounced || undefined }));
  const [deleting, setDeleting] = useState<TestimonialAdminDto | null>(null);
  const invalidate = useInvalidate();
  const remove = useMutation(
    trpc.admin.testimonials.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Testimonial deleted', 'It no longer shows on the site.');
        setDeleting(null);
        await invalidate('testimonials');
      },
      onError: (e) => notifyFailed('Could not delete the testimonial', e),
    }),
  );

  return (
    <>
      <SectionHeader
        title="Testimonials"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            Add testimonial
          </Button>
        }
      />
      <TextInput
        label="Search testimonials"
        placeholder="Name or text"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={360}
      />
      <QueryState query={query} what="testimonials" />
      {query.data && query.data.items.length === 0 && (
        <EmptyState action={!debounced ? <Button onClick={onNew}>Add your first testimonial</Button> : undefined}>
          {debounced ? 'No testimonials match this search.' : 'No testimonials yet.'}
        </EmptyState>
      )}
      {query.data && query.data.items.length > 0 && (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Testimonials">
            {query.data.items.map((t) => (
              <Paper component="li" key={t.id} withBorder p="sm" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Thumb src={t.imageUrl} alt={t.name} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Title order={3} size="h5">
                        {t.name}
                      </Title>
                      <ToneBadge tone={t.featured ? 'green' : 'gray'}>
                        {t.featured ? 'Featured' : 'Not shown'}
                      </ToneBadge>
                    </Group>
                    <Group gap="xs">
                      <Rating value={t.rating} readOnly size="sm" aria-hidden />
                      <VisuallyHidden>{`${t.rating} out of 5 stars`}</VisuallyHidden>
                      {t.location && (
                        <Text size="sm" c="gray.7">
                          {t.location}
                        </Text>
                      )}
                    </Group>
                    <Text size="sm" lineClamp={2}>
                      {t.content}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" size="lg" onClick={() => onEdit(t.id)} aria-label={`Edit testimonial from ${t.name}`}>
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setDeleting(t)} aria-label={`Delete testimonial from ${t.name}`}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Testimonials" />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this testimonial?"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        The testimonial from {deleting?.name} will be deleted for good. To hide it for now, turn off “Featured” instead.
      </ConfirmDeleteModal>
    </>
  );
}

function EditTestimonial({ id, onDone, onCancel }: { id: number; onDone: () => void; onCancel: () => void }) {
  const query = useQuery(trpc.admin.testimonials.byId.queryOptions({ id }));
  return (
    <>
      <EditorHeader title="Edit testimonial" onBack={onCancel} backLabel="Back to testimonials" />
      <QueryState query={query} what="the testimonial" />
      {query.data && <TestimonialForm testimonial={query.data} onDone={onDone} onCancel={onCancel} />}
    </>
  );
}

interface TestimonialFormValues {
  name: string;
  content: string;
  rating: number;
  location: string;
  imageUrl: string | null;
  featured: boolean;
}

const toInput = (v: TestimonialFormValues) => ({ ...v, imageUrl: emptyToNull(v.imageUrl) });

function TestimonialForm({ testimonial, onDone, onCancel }: { testimonial?: TestimonialAdminDto; onDone: () => void; onCancel: () => void }) {
  const form = useForm<TestimonialFormValues>({
    mode: 'controlled',
    initialValues: {
      name: testimonial?.name ?? '',
      content: testimonial?.content ?? '',
      rating: testimonial?.rating ?? 5,
      location: testimonial?.location ?? '',
      imageUrl: testimonial?.imageUrl ?? null,
      featured: testimonial?.featured ?? true,
    },
    validate: zodValidate(TestimonialInputSchema, toInput),
  });
  useReportDirty(`testimonial-${testimonial?.id ?? 'new'}`, form.isDirty());
  const invalidate = useInvalidate();
  const options = {
    onSuccess: async () => {
      notifySaved(testimonial ? 'Testimonial saved' : 'Testimonial added');
      form.resetDirty();
      await invalidate('testimonials');
      onDone();
    },
    onError: (e: unknown) => {
      applyServerErrors(form, e);
      notifyFailed('Could not save the testimonial', e);
    },
  };
  const create = useMutation(trpc.admin.testimonials.create.mutationOptions(options));
  const update = useMutation(trpc.admin.testimonials.update.mutationOptions(options));
  const submit = form.onSubmit((values) => {
    const input = TestimonialInputSchema.parse(toInput(values));
    if (testimonial) update.mutate({ id: testimonial.id, ...input });
    else create.mutate(input);
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={testimonial ? 'Edit testimonial' : 'New testimonial'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" description="e.g. The Martinez Family" required {...form.getInputProps('name')} />
          <TextInput label="Location" description="e.g. Denver, CO" {...form.getInputProps('location')} />
        </SimpleGrid>
        <Input.Wrapper label="Rating" error={form.errors.rating} required id="testimonial-rating" labelElement="div">
          <Rating
            value={form.values.rating}
            onChange={(v) => form.setFieldValue('rating', v)}
            count={5}
            size="lg"
            mt={4}
            getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
            name="rating"
          />
        </Input.Wrapper>
        <Textarea label="What they said" required autosize minRows={4} maxRows={12} {...form.getInputProps('content')} />
        <Switch label="Featured (shown on the home page)" {...form.getInputProps('featured', { type: 'checkbox' })} />
        <MediaField label="Photo" kind="image" value={form.values.imageUrl} onChange={(url) => form.setFieldValue('imageUrl', url)} error={form.errors.imageUrl as string | undefined} />
      </Stack>
      <FormActions saving={create.isPending || update.isPending} onCancel={onCancel} saveLabel={testimonial ? 'Save testimonial' : 'Add testimonial'} />
    </form>
  );
}
