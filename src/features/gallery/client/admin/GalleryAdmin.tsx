// Gallery: images in display order, drag to reorder (pointer, touch or keyboard) plus move up/down
// buttons; the new order is saved at once. Several photos dropped at once are added in that order;
// add and edit one with an upload; delete with confirmation.
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ActionIcon, Group, Paper, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { closestCenter, DndContext, KeyboardSensor, MeasuringStrategy, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, capitalize, savedRowClass, type Noun, type RowContext } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { RowActions } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaBatchDrop, MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { MoveButtons } from '../../../../lib/client/admin/OrderedListField.tsx';
import { Thumb } from '../../../../lib/client/admin/Thumb.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { PAGE_SIZE } from '../../../../lib/shared/paging.ts';
import { GalleryImageInputSchema, type GalleryImageAdminDto } from '../../gallery.schema.ts';

const NOUN: Noun = ['image', 'images'];

/** "sunny-porch_2.jpg" → "Sunny porch 2": a first title the breeder can change. */
export const titleFromFileName = (name: string) => capitalize(name.replace(/\.[^.]+$/, '').replace(/[-_\s]+/g, ' ').trim()) || 'Untitled';

export function GalleryAdmin() {
  const invalidate = useInvalidate();
  const addStored = async (imageUrl: string, file: File) => {
    await trpcClient.admin.gallery.create.mutate({ imageUrl, title: titleFromFileName(file.name) });
    await invalidate('gallery');
  };
  return (
    <AdminScreen
      list={
        <AdminList
          noun={NOUN}
          title="Gallery"
          queryOptions={(input) => trpc.admin.gallery.list.queryOptions(input)}
          addable
          intro={() => <MediaBatchDrop label="New gallery photos" kind="image" onStored={addStored} />}
          renderItems={(items, rows, page) => <SortableList items={items} rows={rows} offset={(page - 1) * PAGE_SIZE} />}
          remove={{
            run: (g) => trpcClient.admin.gallery.remove.mutate({ id: g.id }),
            body: (g) => `“${g.title}” will be removed from the gallery for good.`,
            done: (g) => ['Image deleted', `${g.title} was removed from the gallery.`],
            areas: ['gallery'],
          }}
        />
      }
      editor={(target) => (
        <AdminEditor
          target={target}
          noun={NOUN}
          load={(id) => trpc.admin.gallery.byId.queryOptions({ id })}
          initialValues={(g?: GalleryImageAdminDto) => ({ imageUrl: g?.imageUrl ?? '', title: g?.title ?? '', description: g?.description ?? '', featured: g?.featured ?? false })}
          schema={GalleryImageInputSchema}
          toInput={(v) => ({ ...v, imageUrl: v.imageUrl ?? '' })}
          create={(input) => trpcClient.admin.gallery.create.mutate(input)}
          update={(id, input) => trpcClient.admin.gallery.update.mutate({ id, ...input })}
          nameOf={(g) => g.title}
          saved={(_saved, g) => (g ? ['Image saved'] : ['Image added', 'It is now last in the gallery.'])}
          areas={['gallery']}
          fields={(form) => (
            <>
              <MediaField label="Photo" kind="image" required {...form.getInputProps('imageUrl')} />
              <TextInput label="Title" required {...form.getInputProps('title')} />
              <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
              <Switch label="Featured" {...form.getInputProps('featured', { type: 'checkbox' })} />
            </>
          )}
        />
      )}
    />
  );
}

interface SortableListProps {
  items: GalleryImageAdminDto[];
  rows: (item: GalleryImageAdminDto, index: number) => RowContext;
  offset: number;
}

function SortableList({ items, rows, offset }: SortableListProps) {
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const invalidate = useInvalidate();
  const reorder = useMutation(
    trpc.admin.gallery.reorder.mutationOptions({
      onSuccess: () => notifySaved('Gallery order saved', 'The gallery shows the images in this order now.'),
      onError: (e) => notifyFailed('Could not save the new order', e),
    }),
  );
  // Moves made while an earlier one is saving are queued, so the server applies them in order.
  const queue = useRef({ chain: Promise.resolve(), waiting: 0 });
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
  const indexOf = (id: string | number) => ordered.findIndex((g) => g.id === id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(indexOf(active.id), indexOf(over.id));
  };

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" id="gallery-order-help">
        Drag an image by its handle, or use the arrow buttons, to change the order visitors see. The first four show before “View More”.
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        // Positions are known before a drag starts: an arrow key pressed right after picking an image up moves it
        // (measured only once dragging, a quick first key press could find nothing to move to).
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${titleOf(ordered, active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${titleOf(ordered, active.id)} is now at position ${indexOf(over.id) + 1} of ${ordered.length}.` : undefined),
            onDragEnd: ({ active, over }) => (over ? `${titleOf(ordered, active.id)} dropped at position ${indexOf(over.id) + 1}.` : `${titleOf(ordered, active.id)} dropped.`),
            onDragCancel: ({ active }) => `Moving ${titleOf(ordered, active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={ordered.map((g) => g.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Gallery images in display order">
            {ordered.map((g, index) => {
              const row = rows(g, index);
              return (
                <SortableImage
                  key={g.id}
                  image={g}
                  position={offset + index + 1}
                  first={index === 0}
                  last={index === ordered.length - 1}
                  onUp={() => move(index, index - 1)}
                  onDown={() => move(index, index + 1)}
                  row={row}
                />
              );
            })}
          </Stack>
        </SortableContext>
      </DndContext>
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
  row: RowContext;
}

function SortableImage({ image, position, first, last, onUp, onDown, row }: SortableImageProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="gallery-item"
      className={savedRowClass}
      data-saved={row.saved || undefined}
      tabIndex={row.saved ? -1 : undefined}
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
          <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
            {position}
          </Text>
          <Thumb src={image.imageUrl} alt="" />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {image.title}
              </Title>
              {image.featured && <ToneBadge tone="green">Featured</ToneBadge>}
            </Group>
            {image.description && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {image.description}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={2} wrap="nowrap" ml="auto">
          <MoveButtons what={image.title} first={first} last={last} onUp={onUp} onDown={onDown} />
          <RowActions name={image.title} onEdit={row.edit} onDelete={row.remove} />
        </Group>
      </Group>
    </Paper>
  );
}
