// An image or video field: a Mantine Dropzone that uploads to POST /api/admin/media with progress,
// then shows what was stored. The value is the stored file's /uploads URL (or null).
import '@mantine/dropzone/styles.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { Box, Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { imageUrl } from '../../../lib/shared/format.ts';
import {
  MB,
  MEDIA_MESSAGES,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  VIDEO_ACCEPT,
  VIDEO_MAX_BYTES,
  type UploadedMediaDto,
} from '../../media/media.schema.ts';

export type MediaKind = 'image' | 'video';

export const UPLOAD_URL = '/api/admin/media';

interface UploadHandle {
  promise: Promise<UploadedMediaDto>;
  abort: () => void;
}

/** XMLHttpRequest, not fetch, because only XHR reports upload progress. Same origin, cookies included. */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedMediaDto>((resolve, reject) => {
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (UploadedMediaDto & { message?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.url) resolve(body);
      else reject(new Error(body?.message || `The upload failed (${xhr.status}). Please try again.`));
    };
    xhr.onerror = () => reject(new Error('There was an error connecting to the server. Please try again later.'));
    xhr.onabort = () => reject(new Error('Upload cancelled.'));
    const data = new FormData();
    data.append('file', file);
    xhr.send(data);
  });
  return { promise, abort: () => xhr.abort() };
}

const isVideoUrl = (url: string) => /\.(mp4|webm)(\?|$)/i.test(url);

function rejectionMessage(rejections: FileRejection[], kind: MediaKind): string {
  const error = rejections[0]?.errors[0];
  if (rejections.length > 1 || error?.code === 'too-many-files') return MEDIA_MESSAGES.oneFile;
  if (error?.code === 'file-too-large') return kind === 'video' ? MEDIA_MESSAGES.videoTooLarge : MEDIA_MESSAGES.photoTooLarge;
  if (error?.code === 'file-invalid-type') {
    return kind === 'video' ? 'Upload an MP4 or WebM video.' : 'Upload a JPEG, PNG, WebP, AVIF or HEIC photo.';
  }
  return error?.message ?? 'This file cannot be uploaded.';
}

export interface MediaFieldProps {
  label: string;
  kind: MediaKind;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string | null;
  description?: string;
  required?: boolean;
}

export function MediaField({ label, kind, value, onChange, error, description, required }: MediaFieldProps) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const current = useRef<UploadHandle | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const start = (file: File) => {
    if (kind === 'image' && file.size > PHOTO_MAX_BYTES) return setUploadError(MEDIA_MESSAGES.photoTooLarge);
    setUploadError(null);
    setProgress(0);
    const handle = uploadMedia(file, setProgress);
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
  const Icon = kind === 'video' ? IconVideo : IconPhoto;
  const noun = kind === 'video' ? 'video' : 'photo';

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={shownError}
      required={required}
      labelElement="div"
    >
      <Stack gap="xs" mt={4}>
        {value && !uploading && (
          <Box>
            {kind === 'video' || isVideoUrl(value) ? (
              <video src={value} controls muted preload="metadata" style={{ width: '100%', maxWidth: 360, borderRadius: 8, display: 'block' }} aria-label={`${label}: current video`} />
            ) : (
              <img
                src={imageUrl(value, 320)}
                alt={`${label}: current photo`}
                width={320}
                height={240}
                style={{ width: '100%', maxWidth: 320, height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8, display: 'block', background: 'var(--mantine-color-gray-1)' }}
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
            onDrop={(files: File[]) => { if (files[0]) start(files[0]); }}
            onReject={(rejections: FileRejection[]) => setUploadError(rejectionMessage(rejections, kind))}
            accept={kind === 'video' ? VIDEO_ACCEPT : PHOTO_ACCEPT}
            maxSize={kind === 'video' ? VIDEO_MAX_BYTES : PHOTO_MAX_BYTES}
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
                <Text size="xs" c="gray.7">
                  {kind === 'video'
                    ? `MP4 or WebM, up to ${VIDEO_MAX_BYTES / MB} MB`
                    : `JPEG, PNG, WebP, AVIF or HEIC, up to ${PHOTO_MAX_BYTES / MB} MB`}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
