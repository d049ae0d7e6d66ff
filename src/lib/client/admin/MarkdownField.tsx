// A Markdown body field for the dashboard's editors (articles, newsletters): a monospace textarea and
// "Insert photo", which uploads through the media pipeline with its progress and puts `![alt](/uploads/…)`
// where the cursor was. Fits `form.getInputProps(path)`.
import '@mantine/core/styles/Progress.layer.css';
import { useEffect, useRef, useState, type FocusEventHandler, type ReactNode } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { uploadMedia, useMediaRules, type UploadHandle } from './MediaField.tsx';

const CANCELLED = 'Upload cancelled.';

export const MARKDOWN_HINT = 'Markdown: ## for a heading, - for a list, **bold**, [link text](https://…). “Insert photo” puts a photo where the cursor is.';

/** `![alt](url)` for a file: its name without the extension, as a starting alt text the breeder can edit. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt = fileName.replace(/\.[^.]+$/, '').replace(/[[\]\\]/g, '').replace(/[-_]+/g, ' ').trim() || 'Photo';
  return `![${alt}](${url})`;
}

/** `text` with `snippet` as a paragraph of its own at `at`; returns the new text and where the cursor goes. */
export function insertParagraph(text: string, at: number, snippet: string): { text: string; cursor: number } {
  const before = text.slice(0, at);
  const lead = before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : '';
  const inserted = `${lead}${snippet}\n\n`;
  return { text: before + inserted + text.slice(at), cursor: at + inserted.length };
}

export interface MarkdownFieldProps {
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  minRows?: number;
  maxRows?: number;
  value?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  onFocus?: FocusEventHandler<HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLTextAreaElement>;
}

export function MarkdownField({ label, description = MARKDOWN_HINT, required, disabled, minRows = 12, maxRows = 30, value = '', onChange, error, onFocus, onBlur }: MarkdownFieldProps) {
  const media = useMediaRules();
  const rules = media.kinds.image;
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The text as it is when an upload finishes (the breeder may have typed meanwhile).
  const latest = useRef(value);
  latest.current = value;
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useRef<UploadHandle | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const insertImage = (file: File | null) => {
    if (!file) return;
    if (file.size > rules.maxBytes) return setUploadError(rules.tooLarge);
    if (file.type && !rules.accept.includes(file.type)) return setUploadError(rules.wrongType);
    setUploadError(null);
    setProgress(0);
    // Where the cursor was when the breeder chose the photo.
    const at = textarea.current?.selectionStart ?? latest.current.length;
    const handle = uploadMedia(media.uploadUrl, file, setProgress, 'image');
    upload.current = handle;
    handle.promise
      .then(({ url }) => {
        const next = insertParagraph(latest.current, Math.min(at, latest.current.length), imageMarkdown(file.name, url));
        onChange(next.text);
        requestAnimationFrame(() => {
          const el = textarea.current;
          if (!el) return;
          el.focus();
          el.setSelectionRange(next.cursor, next.cursor);
        });
      })
      .catch((e: Error) => {
        if (e.message !== CANCELLED) setUploadError(e.message);
      })
      .finally(() => {
        if (upload.current === handle) upload.current = null;
        setProgress(null);
      });
  };

  return (
    <Stack gap="xs">
      <Textarea
        ref={textarea}
        label={label}
        description={description}
        required={required}
        disabled={disabled}
        autosize
        minRows={minRows}
        maxRows={maxRows}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
      />
      {disabled ? null : progress !== null ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">Uploading photo… {Math.round(progress * 100)}%</Text>
          <Progress value={progress * 100} animated aria-label="Photo upload progress" />
          <Group>
            <Button size="xs" variant="default" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <FileButton onChange={insertImage} accept={rules.accept.join(',')}>
            {(props) => (
              <Button {...props} variant="default" size="sm" leftSection={<IconPhotoPlus size={16} aria-hidden />}>
                Insert photo
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {uploadError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {uploadError}
        </Text>
      )}
    </Stack>
  );
}
