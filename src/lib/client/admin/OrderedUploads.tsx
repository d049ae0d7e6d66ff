// An ordered list of uploaded files (a puppy's photos, a guide's PDFs): each entry moved up or down or
// removed, and a drop for several new files at once, appended in the order they finish. Uploads finish
// one after another: each appends to the latest list, not the one it started with.
import { useRef, type ReactNode } from 'react';
import { Group, Input, Paper, Stack, Text } from '@mantine/core';
import { MediaBatchDrop } from './MediaField.tsx';
import { MoveButtons } from './OrderedListField.tsx';

export interface OrderedUploadsProps<T> {
  label: string;
  description: string;
  error?: ReactNode;
  value: T[];
  onChange: (items: T[]) => void;
  keyOf: (item: T) => string;
  /** "photo": names the move buttons ("Move photo 2 up") and the limit message. */
  noun: string;
  max: number;
  /** The list's accessible name, and what shows when it is empty. */
  listLabel: string;
  empty: string;
  /** The drop zone: its label, the kind of file it takes, and the entry a stored file becomes. */
  drop: { label: string; kind: 'image' | 'document'; toItem: (url: string, file: File) => T };
  /** One entry's content beside its buttons; `update` replaces the entry. */
  children: (item: T, index: number, update: (next: T) => void) => ReactNode;
}

export function OrderedUploads<T>({
  label,
  description,
  error,
  value,
  onChange,
  keyOf,
  noun,
  max,
  listLabel,
  empty,
  drop,
  children,
}: OrderedUploadsProps<T>) {
  const latest = useRef(value);
  latest.current = value;
  const set = (items: T[]) => {
    latest.current = items;
    onChange(items);
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <Stack gap="xs" mt={6}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack component="ol" gap={6} aria-label={listLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {value.map((item, i) => (
              <Paper component="li" key={keyOf(item)} withBorder p={6} radius="md">
                <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
                  {children(item, i, (next) => set(value.map((x, k) => (k === i ? next : x))))}
                  <MoveButtons
                    what={`${noun} ${i + 1}`}
                    first={i === 0}
                    last={i === value.length - 1}
                    onUp={() => move(i, i - 1)}
                    onDown={() => move(i, i + 1)}
                    onRemove={() => set(value.filter((_, k) => k !== i))}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <MediaBatchDrop
          label={drop.label}
          kind={drop.kind}
          onStored={async (url, file) => {
            if (latest.current.length >= max) throw new Error(`At most ${max} ${noun}s: remove one first.`);
            set([...latest.current, drop.toItem(url, file)]);
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
