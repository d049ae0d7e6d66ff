// POST /api/admin/media: streams the one file to a temporary file (sniffing and size-checking as it
// arrives), then ingests it; the upload it replaces is released (deleted unless something still uses it).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { MediaService } from '../../../lib/server/media-references.ts';
import { MEDIA_KINDS, MEDIA_MESSAGES, VIDEO_MAX_BYTES, type MediaKind, type UploadedMediaDto } from '../media.schema.ts';
import { ingestFile, maxBytesFor, sniff, tooLarge, type SniffedType } from './ingest.ts';
import { Media } from './media.entity.ts';
import { mediaUrl } from './media-store.ts';
import { isMediaId, type MediaVariants } from './variants.ts';

/** file-type's advice for how many leading bytes identify a format. */
const SNIFF_BYTES = 4100;

/** The parts of @fastify/multipart's iterator that the upload reads. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename?: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

/** Errors the multipart reader raises when the request body ends early or breaks. */
function isInterruption(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === 'ECONNRESET' ||
    e?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /unexpected end of (form|multipart)|aborted|malformed part header|premature close/i.test(e?.message ?? '')
  );
}

/** Maps what the multipart reader throws to a clear 4xx (anything else stays an error). */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge('video');
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', MEDIA_MESSAGES.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', MEDIA_MESSAGES.tooManyFields);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', MEDIA_MESSAGES.interrupted);
  }
  if (isInterruption(error)) return new AppError('BAD_REQUEST', MEDIA_MESSAGES.interrupted);
  // A failing disk (ENOSPC, EACCES …) is ours to fix: it stays a 500. Anything else the multipart
  // reader throws (no boundary, broken headers, forbidden field names) is a malformed request.
  if (statusCode === undefined && code !== undefined && /^E[A-Z]+$/.test(code)) return error;
  if (statusCode !== undefined && statusCode >= 500) return error;
  return new AppError('BAD_REQUEST', MEDIA_MESSAGES.badForm);
}

/** Writes the stream to `file`, sniffing the first bytes and enforcing the size limit of the sniffed kind. */
async function receive(
  stream: UploadPart & { type: 'file' },
  file: string,
  kind: MediaKind | null,
): Promise<{ size: number; type: SniffedType | null }> {
  const handle = await open(file, 'wx', 0o600);
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let type: SniffedType | null = null;
  let limit = VIDEO_MAX_BYTES;
  try {
    for await (const chunk of stream.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (!type && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) {
          type = await sniff(head.subarray(0, SNIFF_BYTES), kind);
          limit = maxBytesFor(type.kind);
        }
      }
      if (size > limit) throw tooLarge(type?.kind ?? 'video');
      await handle.write(chunk);
    }
    if (stream.file.truncated) throw tooLarge(type?.kind ?? 'video');
  } finally {
    await handle.close();
  }
  return { size, type };
}

/**
 * Removes partial uploads left by a process that died mid-upload. Only files older than `maxAgeMs`:
 * another instance sharing DATA_DIR may be receiving one right now.
 */
export async function sweepStaleUploads(tmpDir: string, maxAgeMs = 60 * 60 * 1000): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
    const file = path.join(tmpDir, name);
    const st = await stat(file).catch(() => null);
    if (st?.isFile() && Date.now() - st.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export interface UploadOptions {
  em: EntityManager;
  /** Where partial uploads live until processed (same disk as the cache, removed in every case). */
  tmpDir: string;
  /** This instance's variant cache: the new original goes straight into it. */
  variants?: MediaVariants;
  /** Releases the upload named in `replaces`: deleted only when no record refers to it. */
  media: MediaService;
}

export async function uploadFromParts(
  parts: AsyncIterable<UploadPart>,
  { em, tmpDir, variants, media: mediaService }: UploadOptions,
): Promise<UploadedMediaDto> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `upload-${randomBytes(8).toString('hex')}`);
  let received: { size: number } | null = null;
  let replaces: string | null = null;
  let kind: MediaKind | null = null;
  let filename: string | undefined;
  let isPrivate = false;
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'replaces') {
            const value = typeof part.value === 'string' ? part.value.trim() : '';
            if (value && !isMediaId(value)) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.badReplaces);
            replaces = value ? value.toLowerCase() : null;
          } else if (part.fieldname === 'kind') {
            // What the field uploading it accepts (a document field: a PDF only).
            const value = typeof part.value === 'string' ? part.value.trim() : '';
            if (value && !(MEDIA_KINDS as readonly string[]).includes(value)) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.badKind);
            kind = value ? (value as MediaKind) : null;
          } else if (part.fieldname === 'visibility') {
            // A family's private upload (portal photos, shared documents): served only after an access check.
            const value = typeof part.value === 'string' ? part.value.trim() : '';
            if (value && value !== 'private' && value !== 'public') throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.badVisibility);
            isPrivate = value === 'private';
          }
          continue;
        }
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', received ? MEDIA_MESSAGES.oneFile : MEDIA_MESSAGES.noFile);
        }
        filename = part.filename;
        received = await receive(part, file, kind);
      }
    } catch (error) {
      throw asUploadError(error);
    }
    if (!received) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.noFile);
    const media = await ingestFile(em, file, received.size, variants, { kind, filename, isPrivate });
    if (replaces && replaces !== media.id) {
      const replaced = await em.findOne(Media, replaces, { fields: ['id', 'ext'] });
      if (replaced) await mediaService.release([mediaUrl(replaced)]);
    }
    return {
      id: media.id,
      url: mediaUrl(media),
      mime: media.mime,
      width: media.width ?? null,
      height: media.height ?? null,
      filename: media.filename ?? null,
      size: media.size,
    };
  } finally {
    await rm(file, { force: true });
  }
}
