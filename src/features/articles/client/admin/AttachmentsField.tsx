// A resource's PDF attachments: each with the name its link shows, moved up or down or removed, and a
// drop for several PDFs at once (each named after its file until the breeder renames it).
import { Anchor, Group, Stack, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { OrderedUploads } from '../../../../lib/client/admin/OrderedUploads.tsx';
import { ATTACHMENTS_MAX, type AttachmentDto } from '../../articles.schema.ts';

interface AttachmentsFieldProps {
  value: AttachmentDto[];
  onChange: (files: AttachmentDto[]) => void;
  /** The list's own error, and each entry's name error by index. */
  error?: ReactNode;
  nameError: (index: number) => ReactNode;
}

/** "Go-home care sheet.pdf" → "Go-home care sheet". */
const nameFromFile = (file: string) =>
  file
    .replace(/\.pdf$/i, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 150) || 'Document';

export function AttachmentsField({ value, onChange, error, nameError }: AttachmentsFieldProps) {
  return (
    <OrderedUploads
      label="Attachments"
      description={`PDF care sheets or contracts families can download, up to ${ATTACHMENTS_MAX}.`}
      error={error}
      value={value}
      onChange={onChange}
      keyOf={(file) => file.url}
      noun="attachment"
      max={ATTACHMENTS_MAX}
      listLabel="Attachments in order"
      empty="No attachments."
      drop={{ label: 'Add PDF files', kind: 'document', toItem: (url, file) => ({ url, name: nameFromFile(file.name) }) }}
    >
      {(file, i, update) => (
        <Group align="flex-end" wrap="nowrap" gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <IconFileTypePdf size={28} aria-hidden style={{ flexShrink: 0, marginBottom: 4 }} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              label={`Name of attachment ${i + 1}`}
              value={file.name}
              error={nameError(i)}
              onChange={(e) => update({ ...file, name: e.currentTarget.value })}
            />
            <Anchor href={file.url} size="sm" download>
              Download to check
            </Anchor>
          </Stack>
        </Group>
      )}
    </OrderedUploads>
  );
}
