// An ordered list inside a form (the FAQ, the health points): each entry with move up / down and
// remove buttons, an add button under the list, and the list's own error message; and those buttons.
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';

/** The @mantine/form list operations this field uses. */
interface ListForm {
  errors: Record<string, ReactNode>;
  insertListItem: (path: never, item: never) => void;
  removeListItem: (path: never, index: number) => void;
  reorderListItem: (path: never, payload: { from: number; to: number }) => void;
}

interface OrderedListFieldProps<Item> {
  form: ListForm;
  path: string;
  items: Item[];
  label: string;
  /** One entry's name: "Question" gives "Question 2" and "Move question 2 up". */
  entry: string;
  newItem: Item;
  max: number;
  empty?: string;
  /** The entry's fields; its labels carry the entry's number, so every field has a name of its own. */
  children: (index: number, name: string) => ReactNode;
}

export function OrderedListField<Item>({ form, path, items, label, entry, newItem, max, empty, children }: OrderedListFieldProps<Item>) {
  const f = form as unknown as { [K in keyof ListForm]: (...args: unknown[]) => void };
  const move = (from: number, to: number) => f.reorderListItem(path, { from, to });
  const error = form.errors[path];
  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <Stack gap="xs" mt={4}>
        {items.length === 0 && empty && <Text c="dimmed">{empty}</Text>}
        {items.map((_, i) => {
          const name = `${entry} ${i + 1}`;
          const what = name.toLowerCase();
          return (
            <Paper key={i} withBorder p="sm" radius="md">
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  {children(i, name)}
                </Stack>
                <MoveButtons
                  what={what}
                  first={i === 0}
                  last={i === items.length - 1}
                  onUp={() => move(i, i - 1)}
                  onDown={() => move(i, i + 1)}
                  onRemove={() => f.removeListItem(path, i)}
                />
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => f.insertListItem(path, newItem)}
            disabled={items.length >= max}
          >
            Add {entry.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** Move up / down (and remove) buttons for one entry of an ordered list, named after it. */
export function MoveButtons({
  what,
  first,
  last,
  onUp,
  onDown,
  onRemove,
}: {
  what: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove?: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" onClick={onUp} disabled={first} aria-label={`Move ${what} up`}>
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" size="lg" onClick={onDown} disabled={last} aria-label={`Move ${what} down`}>
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      {onRemove && (
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`Remove ${what}`}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
