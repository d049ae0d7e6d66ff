// Browser side of POST /api/admin/media: XMLHttpRequest, because fetch reports no upload progress.
import type { UploadedMediaDto } from '../media.schema.ts';

export interface UploadMediaOptions {
  /** Id of the image this upload replaces: the server removes the old original and its variants. */
  replaces?: string | null;
  /** Called with 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

const NETWORK_MESSAGE = 'The upload failed: check your connection and try again.';

/** Uploads one photo or video; resolves with what the server stored, rejects with an UploadError carrying its message. */
export function uploadMedia(file: Blob, options: UploadMediaOptions = {}): Promise<UploadedMediaDto> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (options.replaces) form.append('replaces', options.replaces);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/media');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (UploadedMediaDto & { message?: string }) | null;
      if (xhr.status === 201 && body) {
        options.onProgress?.(1);
        resolve(body);
      } else {
        reject(new UploadError(xhr.status, body?.message ?? `The upload failed (HTTP ${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, NETWORK_MESSAGE));
    xhr.onabort = () => reject(new UploadError(0, 'The upload was cancelled.'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
