// The message box: a labelled text area and a Send button, checked with the shared schema before it is sent.
import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { errorMessage, fieldErrorsOf } from '../../../lib/client/trpc.ts';
import { MESSAGE_MAX_CHARS, MESSAGES_TEXT, SendMessageSchema } from '../messages.schema.ts';

export interface ComposeProps {
  label: string;
  onSend: (text: string) => Promise<unknown>;
  sending: boolean;
  /** Files already attached (the dashboard's uploads): a message may be files alone. */
  attachmentCount?: number;
  /** Shown under the text area (the dashboard's upload drops). */
  extra?: ReactNode;
}

export function Compose({ label, onSend, sending, attachmentCount = 0, extra }: ComposeProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The shared rules: text within the limit, and text or at least one file.
    const parsed = SendMessageSchema.shape.text.safeParse(text);
    if (!parsed.success || (!text.trim() && attachmentCount === 0)) {
      setError(parsed.success ? MESSAGES_TEXT.empty : (parsed.error.issues[0]?.message ?? MESSAGES_TEXT.tooLong));
      return;
    }
    setError(null);
    try {
      await onSend(text);
      setText('');
    } catch (e) {
      setError(fieldErrorsOf(e)?.text?.[0] ?? errorMessage(e, 'Your message could not be sent. Please try again.'));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="xs">
        <Textarea
          label={label}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={MESSAGE_MAX_CHARS + 1}
        />
        {extra}
        <Group justify="flex-end">
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
