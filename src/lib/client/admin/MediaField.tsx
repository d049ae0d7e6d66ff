// An image or video field: a Mantine Dropzone that uploads to POST /api/admin/media with progress (a photo made
// smaller on the device first), then shows what was stored. The value is the stored file's /uploads URL (or null). And a drop for
// several files at once, each with its own progress, handed on in the order dropped.
import '@mantine/dropzone/styles.css';
import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { Anchor, Box, Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../trpc.ts';
import { IconFileTypePdf, IconPhoto, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { imageUrl } from '../../shared/format.ts';
import { resizePhoto } from './resize-photo.ts';

export type MediaKind = 'image' | 'video' | 'document';

/** What the upload endpoint accepts: the media feature's rules, handed down by the admin shell. */
export interface MediaRules {
  uploadUrl: string;
  oneFile: string;
  kinds: Record<MediaKind, { accept: string[]; maxBytes: number; tooLarge: string; wrongType: string; hint: string }>;
}

const MediaRulesContext = createContext<MediaRules | null>(null);
export const MediaRulesProvider = MediaRulesContext.Provider;

export interface UploadedMedia {
  url: string;
}

/**
 * The upload got no answer (no signal): carries the file as it would have gone (made smaller already), so a form that
 * can keep it on the phone (the offline queue) sends it later with its post.
 */
export class NoConnectionError extends Error {
  readonly file: File;
  constructor(file: File) {
    super('There was an error connecting to the server. Please try again later.');
    this.file = file;
  }
}

export interface UploadHandle {
  promise: Promise<UploadedMedia>;
  abort: () => void;
}

/**
 * XMLHttpRequest, not fetch, because only XHR reports upload progress. Same origin, cookies included. A JPEG or WebP
 * photo is first made smaller on the device (resize-photo.ts); everything else goes up as it is.
 */
export function uploadMedia(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  kind?: MediaKind,
  isPrivate = false,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const resizing = new AbortController();
  const cancelled = () => new Error('Upload cancelled.');
  const prepared = kind === 'document' || kind === 'video' ? Promise.resolve(file) : resizePhoto(file, resizing.signal);
  const promise = prepared.then(
    (toSend) =>
      new Promise<UploadedMedia>((resolve, reject) => {
        if (resizing.signal.aborted) return reject(cancelled());
        xhr.open('POST', url);
        xhr.withCredentials = true;
        xhr.responseType = 'json';
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          const body = xhr.response as (UploadedMedia & { message?: string }) | null;
          if (xhr.status >= 200 && xhr.status < 300 && body?.url) resolve(body);
          else reject(new Error(body?.message || `The upload failed (${xhr.status}). Please try again.`));
        };
        xhr.onerror = () => reject(new NoConnectionError(toSend));
        xhr.onabort = () => reject(cancelled());
        const data = new FormData();
        // A document field says so first: the server then takes a PDF only.
        if (kind === 'document') data.append('kind', 'document');
        // A family's private upload: never at a public address, served only after an access check.
        if (isPrivate) data.append('visibility', 'private');
        data.append('file', toSend);
        xhr.send(data);
      }),
    () => Promise.reject(cancelled()),
  );
  return {
    promise,
    abort: () => {
      resizing.abort();
      xhr.abort();
    },
  };
}

const isVideoUrl = (url: string) => /\.(mp4|webm)(\?|$)/i.test(url);
const isPdfUrl = (url: string) => /\.pdf(\?|$)/i.test(url);

function rejectionMessage(rejections: FileRejection[], rules: MediaRules, kind: MediaKind): string {
  const error = rejections[0]?.errors[0];
  if (rejections.length > 1 || error?.code === 'too-many-files') return rules.oneFile;
  if (error?.code === 'file-too-large') return rules.kinds[kind].tooLarge;
  if (error?.code === 'file-invalid-type') return rules.kinds[kind].wrongType;
  return error?.message ?? 'This file cannot be uploaded.';
}

export interface MediaFieldProps {
  label: string;
  kind: MediaKind;
  /** The stored file's URL; empty means none. Fits `form.getInputProps(path)`. */
  value?: string | null;
  onChange: (url: string | null) => void;
  error?: ReactNode;
  description?: string;
  required?: boolean;
}

export function useMediaRules() {
  const rules = useContext(MediaRulesContext);
  if (!rules) throw new Error('Media fields must be used within MediaRulesProvider');
  return rules;
}

export function MediaField({ label, kind, value, onChange, error, description, required }: MediaFieldProps) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const current = useRef<UploadHandle | null>(null);
  const rules = useMediaRules();
  const limits = rules.kinds[kind];

  useEffect(() => () => current.current?.abort(), []);

  const start = (file: File) => {
    if (file.size > limits.maxBytes) return setUploadError(limits.tooLarge);
    setUploadError(null);
    setProgress(0);
    const handle = uploadMedia(rules.uploadUrl, file, setProgress);
    current.current = handle;
    handle.promise
      .then((media) => onChange(media.url))
      .catch((e: Error) => {
        if (e.message !== 'Upload cancelled.') setUploadError(e.message);
      })
      .finally(() => {
        if (current.current === handle) current.current = null;
        setProgress(null);
      });
  };

  const uploading = progress !== null;
  const shownError = uploadError ?? error ?? null;
  const Icon = kind === 'video' ? IconVideo : kind === 'document' ? IconFileTypePdf : IconPhoto;
  // What the drop zone asks for: "Drop a PDF here" when a PDF is what it takes.
  const noun = kind === 'video' ? 'video' : kind === 'document' ? 'PDF' : 'photo';

  return (
    <Input.Wrapper id={id} label={label} description={description} error={shownError} required={required} labelElement="div">
      <Stack gap="xs" mt={4}>
        {value && !uploading && (
          <Box>
            {kind === 'document' || isPdfUrl(value) ? (
              <Text size="sm">
                <Anchor href={value} target="_blank" rel="noopener">
                  {label}: current PDF
                </Anchor>
              </Text>
            ) : kind === 'video' || isVideoUrl(value) ? (
              <video
                src={value}
                controls
                muted
                preload="metadata"
                style={{ width: '100%', maxWidth: 360, borderRadius: 8, display: 'block' }}
                aria-label={`${label}: current video`}
              />
            ) : (
              <img
                src={imageUrl(value, 320)}
                alt={`${label}: current photo`}
                width={320}
                height={240}
                style={{
                  width: '100%',
                  maxWidth: 320,
                  height: 'auto',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 8,
                  display: 'block',
                  background: 'var(--mantine-color-gray-1)',
                }}
              />
            )}
            <Group gap="xs" mt={6}>
              <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => onChange(null)}>
                Remove {noun}
              </Button>
            </Group>
          </Box>
        )}
        {uploading ? (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">Uploading… {Math.round((progress ?? 0) * 100)}%</Text>
            <Progress value={(progress ?? 0) * 100} animated aria-label={`Upload progress for ${label}`} />
            <Group>
              <Button size="xs" variant="default" onClick={() => current.current?.abort()}>
                Cancel upload
              </Button>
            </Group>
          </Stack>
        ) : (
          <Dropzone
            onDrop={(files: File[]) => {
              if (files[0]) start(files[0]);
            }}
            onReject={(rejections: FileRejection[]) => setUploadError(rejectionMessage(rejections, rules, kind))}
            accept={limits.accept}
            maxSize={limits.maxBytes}
            multiple={false}
            aria-label={`${label}: drop a ${noun} here or press Enter to choose one`}
            aria-describedby={shownError ? `${id}-error` : undefined}
            inputProps={{ 'aria-label': `Upload ${label.toLowerCase()}` }}
            data-testid={`dropzone-${label}`}
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={32} aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={32} aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <Icon size={32} aria-hidden />
              </Dropzone.Idle>
              <div>
                <Text size="sm" fw={500}>
                  {value ? `Drop a new ${noun} to replace it, or tap to choose` : `Drop a ${noun} here, or tap to choose`}
                </Text>
                <Text size="xs" c="dimmed">
                  {limits.hint}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

interface BatchEntry {
  key: number;
  name: string;
  progress: number;
  state: 'uploading' | 'saving' | 'done' | 'kept' | 'failed';
  error?: string;
}

const BATCH_STATUS: Record<BatchEntry['state'], (e: BatchEntry) => string> = {
  uploading: (e) => `Uploading… ${Math.round(e.progress * 100)}%`,
  saving: () => 'Adding…',
  done: () => 'Added',
  kept: () => 'Kept on this phone: it goes with the post',
  failed: (e) => `Not added: ${e.error}`,
};

export interface MediaBatchDropProps {
  label: string;
  kind: MediaKind;
  /** Called for each stored file, one after another in the order the files were dropped. */
  onStored: (url: string, file: File) => Promise<unknown>;
  /** Store the files as private uploads (a family's photos and documents). */
  privateUpload?: boolean;
  /**
   * Without a connection, hand the file (made smaller already) to the form, which keeps it on the phone with its post
   * (the offline queue) instead of refusing it. Without this, a file that gets no answer fails as any other.
   */
  onKept?: (file: File) => void;
}

/** Several files in one drop: all upload at once, each with its own progress; `onStored` runs in drop order. */
export function MediaBatchDrop({ label, kind, onStored, privateUpload = false, onKept }: MediaBatchDropProps) {
  const rules = useMediaRules();
  const limits = rules.kinds[kind];
  const [entries, setEntries] = useState<BatchEntry[]>([]);
  const chain = useRef(Promise.resolve());
  const handles = useRef(new Set<UploadHandle>());
  const nextKey = useRef(0);
  useEffect(() => () => handles.current.forEach((h) => h.abort()), []);
  const update = (key: number, patch: Partial<BatchEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  const add = (name: string, patch: Partial<BatchEntry> = {}) => {
    const key = nextKey.current++;
    setEntries((list) => [...list, { key, name, progress: 0, state: 'uploading', ...patch }]);
    return key;
  };

  const drop = (files: File[]) => {
    for (const file of files) {
      const key = add(file.name);
      const handle = uploadMedia(rules.uploadUrl, file, (progress) => update(key, { progress }), kind, privateUpload);
      handles.current.add(handle);
      const uploaded = handle.promise.finally(() => handles.current.delete(handle));
      // A failed upload is reported when its turn in the chain comes; until then it must not count as unhandled.
      uploaded.catch(() => undefined);
      chain.current = chain.current.then(async () => {
        try {
          const { url } = await uploaded;
          update(key, { state: 'saving', progress: 1 });
          await onStored(url, file);
          update(key, { state: 'done' });
        } catch (e) {
          if (onKept && e instanceof NoConnectionError) {
            onKept(e.file);
            return update(key, { state: 'kept', progress: 1 });
          }
          update(key, {
            state: 'failed',
            error: e instanceof TRPCClientError || !(e instanceof Error) ? errorMessage(e, 'Please try again.') : e.message,
          });
        }
      });
    }
  };
  const done = entries.filter((e) => e.state === 'done' || e.state === 'kept').length;

  return (
    <Stack gap="xs" mb="md">
      <Dropzone
        onDrop={drop}
        onReject={(rejections: FileRejection[]) =>
          rejections.forEach((r) => add(r.file.name, { state: 'failed', error: rejectionMessage([r], rules, kind) }))
        }
        accept={limits.accept}
        maxSize={limits.maxBytes}
        multiple
        aria-label={`${label}: drop several files here or press Enter to choose them`}
        inputProps={{ 'aria-label': `Upload ${label.toLowerCase()}` }}
      >
        <Group justify="center" gap="md" mih={70} style={{ pointerEvents: 'none' }}>
          <IconUpload size={28} aria-hidden />
          <div>
            <Text size="sm" fw={500}>
              {label}: drop several here, or tap to choose
            </Text>
            <Text size="xs" c="dimmed">
              {limits.hint}, each
            </Text>
          </div>
        </Group>
      </Dropzone>
      {entries.length > 0 && (
        <>
          <Text size="sm" role="status">
            {done} of {entries.length} added
          </Text>
          <Stack component="ol" gap={6} aria-label={`${label}: uploads`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {entries.map((e) => (
              <li key={e.key}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate>
                    {e.name}
                  </Text>
                  <Text size="sm" c={e.state === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'} data-upload-status="">
                    {BATCH_STATUS[e.state](e)}
                  </Text>
                </Group>
                <Progress
                  value={e.progress * 100}
                  color={e.state === 'failed' ? 'red' : undefined}
                  aria-label={`Upload progress for ${e.name}`}
                />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
