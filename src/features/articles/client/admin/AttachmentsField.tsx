// A resource's PDF attachments: each with the name its link shows, moved up or down or removed, and a
// drop for several PDFs at once (each named after its file until the breeder renames it).
import { Anchor, Group, Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { MediaBatchDrop } from '../../../../lib/client/admin/MediaField.tsx';
import { MoveButtons } from '../../../../lib/client/admin/OrderedListField.tsx';
import { ATTACHMENTS_MAX, type AttachmentDto } from '../../articles.schema.ts';

interface AttachmentsFieldProps {
  value: AttachmentDto[];
  onChange: (files: AttachmentDto[]) => void;
  /** The list's own error, and each entry's name error by index. */
  error?: ReactNode;
  nameError: (index: number) => ReactNode;
}

/** "Go-home care sheet.pdf" → "Go-home care sheet". */
const nameFromFile = (file: string) => file.replace(/\.pdf$/i, '').replace(/[_]+/g, ' ').trim().slice(0, 150) || 'Document';

export function AttachmentsField({ value, onChange, error, nameError }: AttachmentsFieldProps) {
  const latest = useRef(value);
  latest.current = value;
  const set = (files: AttachmentDto[]) => {
    latest.current = files;
    onChange(files);
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  return (
    <Input.Wrapper label="Attachments" description={`PDF care sheets or contracts families can download, up to ${ATTACHMENTS_MAX}.`} error={error} labelElement="div">
      <Stack gap="xs" mt={6}>
        {value.length > 0 && (
          <Stack component="ol" gap={6} aria-label="Attachments in order" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {value.map((file, i) => (
              <Paper component="li" key={file.url} withBorder p="xs" radius="md">
                <Group align="flex-end" wrap="nowrap" gap="xs">
                  <IconFileTypePdf size={28} aria-hidden style={{ flexShrink: 0, marginBottom: 4 }} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <TextInput
                      label={`Name of attachment ${i + 1}`}
                      value={file.name}
                      error={nameError(i)}
                      onChange={(e) => set(value.map((f, k) => (k === i ? { ...f, name: e.currentTarget.value } : f)))}
                    />
                    <Anchor href={file.url} size="sm" download>
                      Download to check
                    </Anchor>
                  </Stack>
                  <MoveButtons
                    what={`attachment ${i + 1}`}
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
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            No attachments.
          </Text>
        )}
        <MediaBatchDrop
          label="Add PDF files"
          kind="document"
          onStored={async (url, file) => {
            if (latest.current.length >= ATTACHMENTS_MAX) throw new Error(`At most ${ATTACHMENTS_MAX} files: remove one first.`);
            set([...latest.current, { url, name: nameFromFile(file.name) }]);
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
