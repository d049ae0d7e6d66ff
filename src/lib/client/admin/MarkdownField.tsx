// A Markdown body field for the dashboard's editors (articles, newsletters): a monospace textarea and
// "Insert photo", which uploads through the media pipeline with its progress, asks meanwhile for a short
// description of the photo (its alt text: a file name is not one) and puts `![description](/uploads/…)`
// where the cursor was. Fits `form.getInputProps(path)`.
import '@mantine/core/styles/Progress.layer.css';
import { useEffect, useRef, useState, type FocusEventHandler, type ReactNode } from 'react';
import { Button, FileButton, Group, Paper, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { uploadMedia, useMediaRules, type UploadHandle } from './MediaField.tsx';

const CANCELLED = 'Upload cancelled.';

export const MARKDOWN_HINT =
  'Markdown: ## for a heading, - for a list, **bold**, [link text](https://…). “Insert photo” puts a photo where the cursor is.';

export const PHOTO_DESCRIPTION = {
  label: 'Short description of the photo',
  hint: 'What it shows, for readers who cannot see it, e.g. “Three puppies asleep in a basket”. The file name is not a description.',
  required: 'Please describe the photo in a few words: what it shows.',
} as const;

/** `![alt](url)` with the breeder's description, on one line and without the characters that would end it. */
export function imageMarkdown(description: string, url: string): string {
  const alt = description
    .replace(/[[\]\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
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

export function MarkdownField({
  label,
  description = MARKDOWN_HINT,
  required,
  disabled,
  minRows = 12,
  maxRows = 30,
  value = '',
  onChange,
  error,
  onFocus,
  onBlur,
}: MarkdownFieldProps) {
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
  // The photo being added: where the cursor was, its address once uploaded, and the description once given.
  const [pending, setPending] = useState<{ at: number; url: string | null; alt: string | null } | null>(null);
  const [altText, setAltText] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const describe = useRef<HTMLInputElement>(null);

  const insertImage = (file: File | null) => {
    if (!file) return;
    if (file.size > rules.maxBytes) return setUploadError(rules.tooLarge);
    if (file.type && !rules.accept.includes(file.type)) return setUploadError(rules.wrongType);
    setUploadError(null);
    setProgress(0);
    setAltText('');
    setDescriptionError(null);
    // Where the cursor was when the breeder chose the photo.
    setPending({ at: textarea.current?.selectionStart ?? latest.current.length, url: null, alt: null });
    requestAnimationFrame(() => describe.current?.focus());
    const handle = uploadMedia(media.uploadUrl, file, setProgress, 'image');
    upload.current = handle;
    handle.promise
      .then(({ url }) => setPending((p) => p && { ...p, url }))
      .catch((e: Error) => {
        setPending(null);
        if (e.message !== CANCELLED) setUploadError(e.message);
      })
      .finally(() => {
        if (upload.current === handle) upload.current = null;
        setProgress(null);
      });
  };

  // In it goes once both the upload and the description are there, whichever comes last.
  useEffect(() => {
    if (!pending?.url || pending.alt === null) return;
    const next = insertParagraph(latest.current, Math.min(pending.at, latest.current.length), imageMarkdown(pending.alt, pending.url));
    setPending(null);
    onChange(next.text);
    requestAnimationFrame(() => {
      const el = textarea.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(next.cursor, next.cursor);
    });
  }, [pending, onChange]);

  const submitDescription = () => {
    const alt = altText.trim();
    if (!alt) {
      setDescriptionError(PHOTO_DESCRIPTION.required);
      describe.current?.focus();
      return;
    }
    setPending((p) => p && { ...p, alt });
  };
  const cancel = () => {
    upload.current?.abort();
    setPending(null);
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
      {disabled ? null : pending ? (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            {progress !== null ? (
              <Stack gap={4} role="status" aria-live="polite">
                <Text size="sm">Uploading photo… {Math.round(progress * 100)}%</Text>
                <Progress value={progress * 100} animated aria-label="Photo upload progress" />
              </Stack>
            ) : (
              <Text size="sm" role="status">
                {pending.alt === null ? 'Photo uploaded.' : 'Inserting the photo…'}
              </Text>
            )}
            <TextInput
              ref={describe}
              label={PHOTO_DESCRIPTION.label}
              description={PHOTO_DESCRIPTION.hint}
              required
              maxLength={200}
              value={altText}
              error={descriptionError}
              disabled={pending.alt !== null}
              onChange={(e) => {
                setAltText(e.currentTarget.value);
                if (descriptionError) setDescriptionError(null);
              }}
              onKeyDown={(e) => {
                // Enter puts the photo in, and never submits the editor's form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  submitDescription();
                }
              }}
            />
            <Group gap="xs">
              <Button size="xs" onClick={submitDescription} loading={pending.alt !== null}>
                Insert the photo
              </Button>
              <Button size="xs" variant="default" onClick={cancel}>
                {progress !== null ? 'Cancel upload' : 'Cancel'}
              </Button>
            </Group>
          </Stack>
        </Paper>
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
