// Gallery: images in display order, drag to reorder (pointer, touch or keyboard) plus move up/down
// buttons; the new order is saved at once. Add and edit with an upload; delete with confirmation.
import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEdit, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { GalleryImageInputSchema, type GalleryImageAdminDto } from '../../gallery/gallery.schema.ts';
import { applyServerErrors, focusFirstInvalid, notifyFailed, notifySaved, useInvalidate, zodValidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { MediaField } from './MediaField.tsx';
import { EditorHeader, FormActions, SectionHeader, useEditorView } from './Section.tsx';
import { useReportDirty } from './UnsavedChanges.tsx';
import { Thumb } from './Thumb.tsx';

export function GalleryAdmin() {
  const { view, setView, backToList, done } = useEditorView();
  if (view.kind === 'new') {
    return (
      <>
        <EditorHeader title="New gallery image" onBack={backToList} backLabel="Back to gallery" />
        <GalleryForm onDone={done} onCancel={backToList} />
      </>
    );
  }
  if (view.kind === 'edit') return <EditImage id={view.id} onDone={done} onCancel={backToList} />;
  return <GalleryList onNew={() => setView({ kind: 'new' })} onEdit={(id) => setView({ kind: 'edit', id })} />;
}

function GalleryList({ onNew, onEdit }: { onNew: () => void; onEdit: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery(trpc.admin.gallery.list.queryOptions({ page }));
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const [deleting, setDeleting] = useState<GalleryImageAdminDto | null>(null);
  const invalidate = useInvalidate();

  const reorder = useMutation(
    trpc.admin.gallery.reorder.mutationOptions({
      onSuccess: () => notifySaved('Gallery order saved', 'The gallery shows the images in this order now.'),
      onError: (e) => notifyFailed('Could not save the new order', e),
    }),
  );
  // Moves made while an earlier one is saving are queued, so the server applies them in order.
  const queue = useRef({ chain: Promise.resolve(), waiting: 0 });
  const remove = useMutation(
    trpc.admin.gallery.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Image deleted', `${deleting?.title ?? 'The image'} was removed from the gallery.`);
        setDeleting(null);
        await invalidate('gallery');
      },
      onError: (e) => notifyFailed('Could not delete the image', e),
    }),
  );

  const items = query.data?.items ?? [];
  const ordered = pendingOrder ? pendingOrder.map((id) => items.find((g) => g.id === id)!).filter(Boolean) : items;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ordered.length || from === to) return;
    const ids = arrayMove(ordered.map((g) => g.id), from, to);
    setPendingOrder(ids);
    const q = queue.current;
    q.waiting++;
    q.chain = q.chain
      .then(() => reorder.mutateAsync({ ids }))
      .catch(() => undefined)
      .then(async () => {
        if (--q.waiting > 0) return;
        await invalidate('gallery');
        setPendingOrder(null);
      });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      ordered.findIndex((g) => g.id === active.id),
      ordered.findIndex((g) => g.id === over.id),
    );
  };

  return (
    <>
      <SectionHeader
        title="Gallery"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
            Add image
          </Button>
        }
      />
      <QueryState query={query} what="the gallery" />
      {query.data && items.length === 0 && (
        <EmptyState action={<Button onClick={onNew}>Add your first image</Button>}>No gallery images yet.</EmptyState>
      )}
      {query.data && items.length > 0 && (
        <>
          <Text size="sm" c="gray.7" mb="sm" id="gallery-order-help">
            Drag an image by its handle, or use the arrow buttons, to change the order visitors see. The first four show before “View
            More”.
          </Text>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements: {
                onDragStart: ({ active }) => `Picked up ${titleOf(ordered, active.id)}.`,
                onDragOver: ({ active, over }) =>
                  over ? `${titleOf(ordered, active.id)} is now at position ${ordered.findIndex((g) => g.id === over.id) + 1} of ${ordered.length}.` : undefined,
                onDragEnd: ({ active, over }) =>
                  over ? `${titleOf(ordered, active.id)} dropped at position ${ordered.findIndex((g) => g.id === over.id) + 1}.` : `${titleOf(ordered, active.id)} dropped.`,
                onDragCancel: ({ active }) => `Moving ${titleOf(ordered, active.id)} was cancelled.`,
              },
            }}
          >
            <SortableContext items={ordered.map((g) => g.id)} strategy={verticalListSortingStrategy}>
              <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Gallery images in display order">
                {ordered.map((g, index) => (
                  <SortableImage
                    key={g.id}
                    image={g}
                    position={(page - 1) * 50 + index + 1}
                    first={index === 0}
                    last={index === ordered.length - 1}
                    onUp={() => move(index, index - 1)}
                    onDown={() => move(index, index + 1)}
                    onEdit={() => onEdit(g.id)}
                    onDelete={() => setDeleting(g)}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Gallery" />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this image?"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        “{deleting?.title}” will be removed from the gallery for good.
      </ConfirmDeleteModal>
    </>
  );
}

const titleOf = (items: GalleryImageAdminDto[], id: string | number) => items.find((g) => g.id === id)?.title ?? 'The image';

interface SortableImageProps {
  image: GalleryImageAdminDto;
  position: number;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function SortableImage({ image, position, first, last, onUp, onDown, onEdit, onDelete }: SortableImageProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="gallery-item"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group wrap="wrap" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={`Drag to reorder ${image.title}`}
            aria-describedby="gallery-order-help"
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" c="gray.7" w={24} ta="right" aria-hidden>
            {position}
          </Text>
          <Thumb src={image.imageUrl} alt={image.title} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {image.title}
              </Title>
              {image.featured && (
                <ToneBadge tone="green">
                  Featured
                </ToneBadge>
              )}
            </Group>
            {image.description && (
              <Text size="sm" c="gray.7" lineClamp={1}>
                {image.description}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={2} wrap="nowrap" ml="auto">
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" size="lg" onClick={onUp} disabled={first} aria-label={`Move ${image.title} up`}>
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" size="lg" onClick={onDown} disabled={last} aria-label={`Move ${image.title} down`}>
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <ActionIcon variant="subtle" size="lg" onClick={onEdit} aria-label={`Edit ${image.title}`}>
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" onClick={onDelete} aria-label={`Delete ${image.title}`}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

function EditImage({ id, onDone, onCancel }: { id: number; onDone: () => void; onCancel: () => void }) {
  const query = useQuery(trpc.admin.gallery.byId.queryOptions({ id }));
  return (
    <>
      <EditorHeader title={query.data ? `Edit “${query.data.title}”` : 'Edit image'} onBack={onCancel} backLabel="Back to gallery" />
      <QueryState query={query} what="the image" />
      {query.data && <GalleryForm image={query.data} onDone={onDone} onCancel={onCancel} />}
    </>
  );
}

interface GalleryFormValues {
  imageUrl: string;
  title: string;
  description: string;
  featured: boolean;
}

const toInput = (v: GalleryFormValues) => v;

function GalleryForm({ image, onDone, onCancel }: { image?: GalleryImageAdminDto; onDone: () => void; onCancel: () => void }) {
  const form = useForm<GalleryFormValues>({
    mode: 'controlled',
    initialValues: {
      imageUrl: image?.imageUrl ?? '',
      title: image?.title ?? '',
      description: image?.description ?? '',
      featured: image?.featured ?? false,
    },
    validate: zodValidate(GalleryImageInputSchema, toInput),
  });
  useReportDirty(`gallery-${image?.id ?? 'new'}`, form.isDirty());
  const invalidate = useInvalidate();
  const options = {
    onSuccess: async () => {
      notifySaved(image ? 'Image saved' : 'Image added', image ? undefined : 'It is now last in the gallery.');
      form.resetDirty();
      await invalidate('gallery');
      onDone();
    },
    onError: (e: unknown) => {
      applyServerErrors(form, e);
      notifyFailed('Could not save the image', e);
    },
  };
  const create = useMutation(trpc.admin.gallery.create.mutationOptions(options));
  const update = useMutation(trpc.admin.gallery.update.mutationOptions(options));
  const submit = form.onSubmit((values) => {
    const input = GalleryImageInputSchema.parse(values);
    if (image) update.mutate({ id: image.id, ...input });
    else create.mutate(input);
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={image ? 'Edit gallery image' : 'New gallery image'}>
      <Stack gap="md">
        <MediaField
          label="Photo"
          kind="image"
          required
          value={form.values.imageUrl || null}
          onChange={(url) => form.setFieldValue('imageUrl', url ?? '')}
          error={form.errors.imageUrl as string | undefined}
        />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <Switch label="Featured" {...form.getInputProps('featured', { type: 'checkbox' })} />
      </Stack>
      <FormActions saving={create.isPending || update.isPending} onCancel={onCancel} saveLabel={image ? 'Save image' : 'Add image'} />
    </form>
  );
}
