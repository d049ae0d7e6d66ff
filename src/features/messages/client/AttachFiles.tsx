// The family's attach button: photos from the phone's camera roll and PDFs, uploaded one by one as they are chosen
// (POST /api/messages/attachments), listed with a preview and a remove button until the message is sent.
import { useState } from 'react';
import { Button, CloseButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import {
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_UPLOAD_PATH,
  MESSAGES_TEXT,
  type MessageUploadDto,
} from '../messages.schema.ts';

/** Uploads one file; throws an Error with the server's message (or ours) when it is refused. */
async function uploadFile(file: File): Promise<MessageUploadDto> {
  if (file.size > MESSAGE_FILE_MAX_BYTES) throw new Error(`${file.name}: ${MESSAGES_TEXT.fileTooLarge}`);
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(MESSAGE_UPLOAD_PATH, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new Error(`${file.name}: ${MESSAGES_TEXT.fileFailed}`);
  }
  const body = (await res.json().catch(() => null)) as (MessageUploadDto & { message?: string }) | null;
  if (!res.ok || !body?.url) throw new Error(`${file.name}: ${body?.message ?? MESSAGES_TEXT.fileFailed}`);
  return body;
}

export interface AttachFilesProps {
  files: MessageUploadDto[];
  onChange: (update: (files: MessageUploadDto[]) => MessageUploadDto[]) => void;
  /** Told while files are uploading (the message waits for them). */
  onBusy: (busy: boolean) => void;
}

export function AttachFiles({ files, onChange, onBusy }: AttachFilesProps) {
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const choose = async (chosen: File[]) => {
    if (!chosen.length) return;
    setError(null);
    const room = MESSAGE_MAX_ATTACHMENTS - files.length;
    if (chosen.length > room) {
      setError(MESSAGES_TEXT.tooManyAttachments);
      chosen = chosen.slice(0, Math.max(0, room));
    }
    setUploading(chosen.length);
    onBusy(true);
    const errors: string[] = [];
    for (const file of chosen) {
      try {
        const stored = await uploadFile(file);
        onChange((list) => [...list, stored].slice(0, MESSAGE_MAX_ATTACHMENTS));
      } catch (e) {
        errors.push((e as Error).message);
      }
      setUploading((n) => n - 1);
    }
    onBusy(false);
    if (errors.length) setError(errors.join(' '));
  };
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={(list) => void choose(list)} accept="image/*,application/pdf" multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              loading={uploading > 0}
              disabled={files.length >= MESSAGE_MAX_ATTACHMENTS}
            >
              Attach photos or PDFs
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Up to {MESSAGE_MAX_ATTACHMENTS} files, {MESSAGE_FILE_MAX_BYTES / 1024 / 1024} MB each
        </Text>
      </Group>
      {uploading > 0 && (
        <Text size="sm" role="status">
          Uploading {uploading === 1 ? 'a file' : `${uploading} files`}…
        </Text>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
      {files.length > 0 && (
        <Group component="ul" aria-label="Files to send" gap="xs" wrap="wrap" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {files.map((f, n) => {
            const name = f.name ?? (f.kind === 'pdf' ? `PDF ${n + 1}` : `Photo ${n + 1}`);
            return (
              <Group key={f.url} component="li" gap={4} wrap="nowrap" maw="100%">
                {f.kind === 'photo' ? (
                  <Image src={`${f.previewUrl}?w=160`} alt={name} w={56} h={56} fit="cover" radius="sm" />
                ) : (
                  <Group gap={4} wrap="nowrap" miw={0}>
                    <IconFileTypePdf size={20} aria-hidden />
                    <Text size="sm" truncate maw={180}>
                      {name}
                    </Text>
                  </Group>
                )}
                <CloseButton
                  size="md"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange((list) => list.filter((x) => x.url !== f.url))}
                />
              </Group>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
