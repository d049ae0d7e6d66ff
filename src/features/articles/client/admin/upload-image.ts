// Uploads one photo for an article body through the media pipeline, reporting progress (XHR: fetch cannot).
import { MEDIA_MESSAGES, PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '../../../media/media.schema.ts';

const UPLOAD_URL = '/api/admin/media';
const PHOTO_TYPES = new Set<string>(PHOTO_MIME_TYPES);

export interface ImageUpload {
  promise: Promise<{ url: string }>;
  abort: () => void;
}

/** Checks what the browser can know before sending (the server sniffs the content anyway). */
export function refusedPhoto(file: File): string | null {
  if (file.size > PHOTO_MAX_BYTES) return MEDIA_MESSAGES.photoTooLarge;
  if (file.type && !PHOTO_TYPES.has(file.type)) return MEDIA_MESSAGES.wrongType;
  return null;
}

export function uploadImage(file: File, onProgress: (fraction: number) => void): ImageUpload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ url: string }>((resolve, reject) => {
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { url?: string; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.url) resolve({ url: body.url });
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

/** `![alt](url)` for a file: its name without the extension, as a starting alt text the breeder can edit. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt = fileName.replace(/\.[^.]+$/, '').replace(/[[\]\\]/g, '').replace(/[-_]+/g, ' ').trim() || 'Photo';
  return `![${alt}](${url})`;
}
