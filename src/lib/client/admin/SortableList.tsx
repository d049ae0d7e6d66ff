// An ordered list the breeder rearranges by dragging a handle, with a mouse, a finger (hold, then drag)
// or the keyboard (Space picks up, arrows move, Space drops), each move announced to a screen reader.
// The screen owns the order and how it is saved: the list only says "from → to".
import { useId, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** Extra attributes of a row's list item (its accessible name, a test id, the "just saved" mark). */
export type RowAttributes = { className?: string; tabIndex?: number } & Record<
  `aria-${string}` | `data-${string}`,
  string | number | boolean | undefined
>;

export interface SortableListProps<T extends { id: number }> {
  items: T[];
  /** The list's accessible name. */
  label: string;
  /** How to reorder, shown above the list and read with each handle. */
  help: ReactNode;
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  rowAttributes?: (item: T, index: number) => RowAttributes;
  /** A row's content; `handle` is the drag handle to place in it. */
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
}

export function SortableList<T extends { id: number }>({
  items,
  label,
  help,
  nameOf,
  onMove,
  rowAttributes,
  children,
}: SortableListProps<T>) {
  const helpId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: string | number) => items.findIndex((item) => item.id === id);
  const name = (id: string | number) => {
    const item = items[indexOf(id)];
    return item ? nameOf(item) : 'The item';
  };
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" id={helpId}>
        {help}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        // Positions are known before a drag starts: an arrow key pressed right after picking an item up moves it
        // (measured only once dragging, a quick first key press could find nothing to move to).
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragEnd={({ active, over }) => {
          if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
        }}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
            onDragOver: ({ active, over }) =>
              over ? `${name(active.id)} is now at position ${indexOf(over.id) + 1} of ${items.length}.` : undefined,
            onDragEnd: ({ active, over }) =>
              over ? `${name(active.id)} dropped at position ${indexOf(over.id) + 1}.` : `${name(active.id)} dropped.`,
            onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
            {items.map((item, index) => (
              <SortableRow key={item.id} id={item.id} name={nameOf(item)} helpId={helpId} attributes={rowAttributes?.(item, index)}>
                {(handle) => children(item, index, handle)}
              </SortableRow>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </>
  );
}

function SortableRow({
  id,
  name,
  helpId,
  attributes: rowAttributes,
  children,
}: {
  id: number;
  name: string;
  helpId: string;
  attributes?: RowAttributes;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder ${name}`}
      aria-describedby={helpId}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Paper component="li" ref={setNodeRef} withBorder p="sm" radius="md" style={style} {...rowAttributes}>
      {children(handle)}
    </Paper>
  );
}
