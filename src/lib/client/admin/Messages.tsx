// What every "messages in" screen shares (the inbox, the applications): a row that is bold and tinted
// until read, a line that counts the unread ones, marking a message read when it is opened, and the
// private notes form.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { DateText } from './Dates.tsx';

export interface MessageRowProps {
  /** Not opened yet: bold, tinted, and said first to a screen reader (`unreadWord`). */
  unread: boolean;
  unreadWord: string;
  icon?: ReactNode;
  name: string;
  badge: ReactNode;
  /** The lines under the name (dimmed first, then the rest). */
  lines: ReactNode[];
  createdAt: string;
  onOpen: () => void;
}

export function MessageRow({ unread, unreadWord, icon, name, badge, lines, createdAt, onOpen }: MessageRowProps) {
  return (
    <Paper withBorder radius="md" bg={unread ? 'var(--surface-highlight)' : undefined}>
      <UnstyledButton onClick={onOpen} p="sm" w="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              {icon}
              <Text fw={unread ? 700 : 500}>
                {unread && <VisuallyHidden>{unreadWord}: </VisuallyHidden>}
                {name}
              </Text>
              {badge}
            </Group>
            {lines.map((line, i) => (
              <Text key={i} size="sm" c={i === 0 ? 'dimmed' : undefined} lineClamp={i === 0 ? undefined : 1}>
                {line}
              </Text>
            ))}
          </Stack>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <DateText iso={createdAt} withTime />
          </Text>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

/** "3 unread inquiries." / "All inquiries are read.", announced politely as it changes. */
export function UnreadSummary({
  count,
  adjective,
  noun,
}: {
  count: number | undefined;
  adjective: string;
  noun: [one: string, many: string];
}) {
  if (count === undefined) return null;
  return (
    <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
      {count === 0 ? `All ${noun[1]} are read.` : `${count} ${adjective} ${count === 1 ? noun[0] : noun[1]}.`}
    </Text>
  );
}

/** Marks a message read the first time it is shown unread (once, even if the query refetches). */
export function useMarkOpened(message: { readAt: string | null } | undefined, markOpened: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (message && message.readAt === null && !done.current) {
      done.current = true;
      markOpened();
    }
  }, [message, markOpened]);
}

/** The breeder's private notes on a message, saved on their own. */
export function PrivateNotesForm({ notes, saving, onSave }: { notes: string; saving: boolean; onSave: (notes: string) => void }) {
  const [value, setValue] = useState(notes);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Private notes"
      noValidate
      onSubmit={(e) => (e.preventDefault(), onSave(value))}
    >
      <Stack gap="sm">
        <Textarea
          label="Private notes"
          description="Only administrators see these."
          autosize
          minRows={3}
          maxRows={12}
          maxLength={10000}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={saving}>
            Save notes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
