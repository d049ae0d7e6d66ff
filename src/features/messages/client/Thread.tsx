// One conversation's messages, oldest at the top, with older pages on demand; shared by the family and the dashboard.
import { Anchor, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { DateText } from '../../../lib/client/admin/Dates.tsx';
import type { MessageDto, MessageSender } from '../messages.schema.ts';
import { MessageText } from './MessageText.tsx';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';

export interface ThreadProps {
  /** Pages as the server sends them (each newest first). */
  pages: Array<{ items: MessageDto[] }>;
  /** Who is reading: their own messages sit on the right and say whether the other side read them. */
  reader: MessageSender;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  empty: string;
  label: string;
}

export function Thread({ pages, reader, hasOlder, loadingOlder, onLoadOlder, empty, label }: ThreadProps) {
  const messages = pages.flatMap((p) => p.items).reverse();
  return (
    <Stack gap="sm">
      {hasOlder && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={onLoadOlder} loading={loadingOlder}>
            Show older messages
          </Button>
        </Group>
      )}
      {messages.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack component="ol" gap="sm" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} mine={m.sender === reader} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MessageItem({ message: m, mine }: { message: MessageDto; mine: boolean }) {
  return (
    <li style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper withBorder radius="md" p="sm" maw="85%" bg={mine ? 'var(--mantine-color-default-hover)' : undefined}>
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {m.authorName}
            </Text>
            <Text size="xs" c="dimmed">
              <DateText iso={m.createdAt} withTime />
            </Text>
            {m.via === 'email' && (
              // ToneBadge: Mantine's light gray and orange badges are under 4.5:1 (issue 45).
              <ToneBadge size="xs" tone="gray">
                by e-mail
              </ToneBadge>
            )}
            {m.held && (
              <ToneBadge size="xs" tone="orange">
                Held: from another address
              </ToneBadge>
            )}
          </Group>
          <MessageText text={m.text} />
          {m.attachments.length > 0 && (
            <Group gap="xs" wrap="wrap">
              {m.attachments.map((a) =>
                a.kind === 'photo' ? (
                  <Anchor key={a.url} href={a.url} target="_blank" rel="noopener noreferrer">
                    <Image src={`${a.url}?w=320`} alt={a.name ?? 'Photo'} w={160} h={120} fit="cover" radius="sm" />
                  </Anchor>
                ) : (
                  <Anchor key={a.url} href={a.url} download>
                    {a.name ?? 'Document'} (PDF)
                  </Anchor>
                ),
              )}
            </Group>
          )}
          {mine && (
            <Text size="xs" c="dimmed" ta="right">
              {m.read ? 'Read' : 'Sent'}
            </Text>
          )}
        </Stack>
      </Paper>
    </li>
  );
}
