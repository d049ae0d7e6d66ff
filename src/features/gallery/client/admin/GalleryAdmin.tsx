// Gallery: images in display order, drag to reorder (pointer, touch or keyboard) plus move up/down
// buttons; the new order is saved at once. Several photos dropped at once are added in that order;
// add and edit one with an upload; delete with confirmation.
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Group, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { arrayMove } from '@dnd-kit/sortable';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList, capitalize, savedRowClass, type Noun, type RowContext } from '../../../../lib/client/admin/AdminList.tsx';
import { AdminEditor } from '../../../../lib/client/admin/AdminForm.tsx';
import { RowActions } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaBatchDrop, MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { MoveButtons } from '../../../../lib/client/admin/OrderedListField.tsx';
import { Thumb } from '../../../../lib/client/admin/Thumb.tsx';
import { SortableList } from '../../../../lib/client/admin/SortableList.tsx';
import { AdminScreen } from '../../../../lib/client/admin/Section.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { PAGE_SIZE } from '../../../../lib/shared/paging.ts';
import { GalleryImageInputSchema, type GalleryImageAdminDto } from '../../gallery.schema.ts';

const NOUN: Noun = ['image', 'images'];

/** "sunny-porch_2.jpg" → "Sunny porch 2": a first title the breeder can change. */
export const titleFromFileName = (name: string) =>
  capitalize(
    name
      .replace(/\.[^.]+$/, '')
      .replace(/[-_\s]+/g, ' ')
      .trim(),
  ) || 'Untitled';

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
          renderItems={(items, rows, page) => <GalleryOrder items={items} rows={rows} offset={(page - 1) * PAGE_SIZE} />}
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
          initialValues={(g?: GalleryImageAdminDto) => ({
            imageUrl: g?.imageUrl ?? '',
            title: g?.title ?? '',
            description: g?.description ?? '',
            featured: g?.featured ?? false,
          })}
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

interface GalleryOrderProps {
  items: GalleryImageAdminDto[];
  rows: (item: GalleryImageAdminDto, index: number) => RowContext;
  offset: number;
}

function GalleryOrder({ items, rows, offset }: GalleryOrderProps) {
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
    const ids = arrayMove(
      ordered.map((g) => g.id),
      from,
      to,
    );
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

  return (
    <SortableList
      items={ordered}
      label="Gallery images in display order"
      help="Drag an image by its handle, or use the arrow buttons, to change the order visitors see. The first four show before “View More”."
      nameOf={(g) => g.title}
      onMove={move}
      rowAttributes={(g, index) => {
        const row = rows(g, index);
        return {
          'data-testid': 'gallery-item',
          className: savedRowClass,
          'data-saved': row.saved || undefined,
          tabIndex: row.saved ? -1 : undefined,
        };
      }}
    >
      {(image, index, handle) => {
        const row = rows(image, index);
        return (
          <Group wrap="wrap" gap="sm">
            <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
              {handle}
              <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
                {offset + index + 1}
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
              <MoveButtons
                what={image.title}
                first={index === 0}
                last={index === ordered.length - 1}
                onUp={() => move(index, index - 1)}
                onDown={() => move(index, index + 1)}
              />
              <RowActions name={image.title} onEdit={row.edit} onDelete={row.remove} />
            </Group>
          </Group>
        );
      }}
    </SortableList>
  );
}
