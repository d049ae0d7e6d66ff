// Upload ingest: sniff the content, then make photos and videos safe to publish (photos upright and capped, no metadata in either) before storing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Metadata, OutputInfo } from 'sharp';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import {
  DOCUMENT_MAX_BYTES,
  MEDIA_MESSAGES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE,
  PHOTO_MAX_PIXELS,
  PHOTO_MIME_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  type MediaKind,
} from '../media.schema.ts';
import type { IMedia } from './media.entity.ts';
import { storeMedia, type StoredMediaInput } from './media-store.ts';
import { loadSharp } from './sharp.ts';
import type { MediaVariants } from './variants.ts';

const run = promisify(execFile);

export interface SniffedType {
  kind: MediaKind;
  mime: string;
}

const PHOTO_TYPES = new Set<string>(PHOTO_MIME_TYPES);
const VIDEO_EXT: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };
const VIDEO_TYPES = new Set<string>(VIDEO_MIME_TYPES);
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

const TOO_LARGE: Record<MediaKind, string> = {
  image: MEDIA_MESSAGES.photoTooLarge,
  video: MEDIA_MESSAGES.videoTooLarge,
  document: MEDIA_MESSAGES.documentTooLarge,
};
export const tooLarge = (kind: MediaKind) => new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE[kind]);
const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.wrongType);
const unreadable = () => new AppError('BAD_REQUEST', MEDIA_MESSAGES.unreadable);

/** The accepted type of some leading bytes, or an error saying what is accepted. */
export async function sniff(head: Uint8Array, expected: MediaKind | null = null): Promise<SniffedType> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  if (!found) throw expected === 'document' ? new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notPdf) : wrongType();
  const type = classify(found.mime, expected);
  checkKind(type, expected);
  return type;
}

export function maxBytesFor(kind: MediaKind): number {
  return kind === 'image' ? PHOTO_MAX_BYTES : kind === 'document' ? DOCUMENT_MAX_BYTES : VIDEO_MAX_BYTES;
}

/**
 * What an upload may be: without a stated kind a photo or a video (every photo and video field);
 * a document field states `document` and accepts a PDF only.
 */
export function checkKind(type: SniffedType, expected: MediaKind | null): void {
  if (expected === 'document' ? type.kind !== 'document' : type.kind === 'document' || (expected !== null && type.kind !== expected)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', expected === 'document' ? MEDIA_MESSAGES.notPdf : MEDIA_MESSAGES.wrongType);
  }
}

/** A downloaded document's name: the uploaded file's own, without paths or control characters, ending in .pdf. */
export function documentName(filename: string | undefined): string {
  const last = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters and quotes go (they could break the header or the name on disk).
  const base = [...last]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 150);
  const name = base || 'document.pdf';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

async function commandExists(file: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    try {
      await access(path.join(dir, file));
      return true;
    } catch {
      // keep looking
    }
  }
  return false;
}

/**
 * The prebuilt sharp decodes AVIF but not HEVC-coded HEIC (patents), so HEIC goes through libheif's
 * heif-convert when the machine has it (Debian: libheif-examples). libheif applies the image's own
 * rotation (irot/imir) while decoding, so the result is already upright.
 */
async function heicToPng(file: string): Promise<string> {
  if (!(await commandExists('heif-convert'))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.heicUnsupported);
  const base = path.join(path.dirname(file), `heic-${randomBytes(6).toString('hex')}`);
  try {
    await run('heif-convert', [file, `${base}.png`], { timeout: 60_000, maxBuffer: 1024 * 1024 });
  } catch {
    await removeOutputs(base);
    throw unreadable();
  }
  // With several top-level images heif-convert numbers its outputs; the first is the primary one.
  for (const candidate of [`${base}.png`, `${base}-1.png`]) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // try the next name
    }
  }
  await removeOutputs(base);
  throw unreadable();
}

async function removeOutputs(base: string) {
  const dir = path.dirname(base);
  const prefix = path.basename(base);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name.startsWith(prefix)) await rm(path.join(dir, name), { force: true });
  }
}

/**
 * Photo → upright, metadata-free, long edge at most 4096 px. JPEG and HEIC become JPEG; PNG stays PNG
 * when it has alpha (else JPEG); WebP stays WebP; AVIF becomes PNG or JPEG (AVIF encoding at 4096 px
 * takes seconds, and every variant is re-encoded for the browser anyway).
 */
export async function processPhoto(file: string, type: SniffedType): Promise<StoredMediaInput> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // Reads the header only: a decompression bomb is refused before a single pixel is decoded.
    header = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!header.width || !header.height) throw unreadable();
  if (header.width * header.height > PHOTO_MAX_PIXELS) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.tooManyPixels);

  const heif = HEIF_TYPES.has(type.mime);
  const input = heif ? await heicToPng(file) : file;
  try {
    // failOn 'warning' refuses truncated and corrupt data instead of storing a half-grey photo.
    let pipeline = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning', sequentialRead: true });
    if (!heif) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    // sharp writes no EXIF, XMP, IPTC or ICC unless asked (pixels are converted to sRGB): all metadata goes.
    let out: { mime: string; ext: string };
    if (type.mime === 'image/webp') {
      pipeline = pipeline.webp({ quality: 90 });
      out = { mime: 'image/webp', ext: 'webp' };
    } else if ((type.mime === 'image/png' || type.mime === 'image/avif') && header.hasAlpha) {
      pipeline = pipeline.png({ compressionLevel: 8, adaptiveFiltering: true });
      out = { mime: 'image/png', ext: 'png' };
    } else {
      // Without Huffman optimisation: about a third less CPU for a stored original 4% larger.
      pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90, optimiseCoding: false });
      out = { mime: 'image/jpeg', ext: 'jpg' };
    }
    let result: { data: Buffer; info: OutputInfo };
    try {
      result = await pipeline.toBuffer({ resolveWithObject: true });
    } catch {
      throw unreadable();
    }
    return { kind: 'image', ...out, bytes: result.data, width: result.info.width, height: result.info.height };
  } finally {
    if (heif) await removeOutputs(input.replace(/(-1)?\.png$/, ''));
  }
}

/**
 * Phone videos record where they were filmed (QuickTime Keys com.apple.quicktime.location.ISO6709,
 * udta ©xyz, 3GPP loci), plus the device and the time. ffmpeg (Debian: ffmpeg) copies the coded
 * streams into a fresh container without any of it: the first video stream and the first audio
 * stream only (timed metadata tracks and subtitles can carry a location too), no global, stream or
 * chapter metadata, no encoder tag. `0:V` (capital) is a video stream that is not an attached
 * picture: cover art is a JPEG copied byte for byte, EXIF GPS included, so it never goes along. MP4
 * gets its index first, so playback starts before the whole file has arrived.
 */
async function remuxVideo(file: string, type: SniffedType): Promise<string> {
  if (!(await commandExists('ffmpeg'))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.videoUnsupported);
  const mp4 = type.mime === 'video/mp4';
  const out = `${file}-clean.${VIDEO_EXT[type.mime]}`;
  // -map_metadata -1 drops the containers' tags, -map_chapters -1 the chapter titles, bitexact the encoder names.
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', file, '-map', '0:V:0', '-map', '0:a:0?'];
  args.push('-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy');
  args.push('-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact');
  args.push(...(mp4 ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm']), out);
  try {
    await run('ffmpeg', args, { timeout: 300_000, maxBuffer: 1024 * 1024 });
    return out;
  } catch {
    await rm(out, { force: true });
    throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.videoUnreadable);
  }
}

/**
 * Sniffs, checks the limits, processes and stores a received file; nothing is stored unless all of it
 * succeeded (one insert, or for a video one transaction). A video is remuxed to a file and stored from
 * it piece by piece, never read whole into memory. A photo's common variants are then rendered in the
 * background (MediaVariants.warm): the upload is answered without waiting for them.
 */
export async function ingestFile(
  em: EntityManager,
  file: string,
  size: number,
  variants?: MediaVariants,
  { kind = null, filename, isPrivate = false }: { kind?: MediaKind | null; filename?: string; isPrivate?: boolean } = {},
): Promise<IMedia> {
  if (size === 0) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.empty);
  const { fileTypeFromFile } = await import('file-type');
  const found = await fileTypeFromFile(file);
  if (!found) throw kind === 'document' ? new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notPdf) : wrongType();
  const type = classify(found.mime, kind);
  checkKind(type, kind);
  if (size > maxBytesFor(type.kind)) throw tooLarge(type.kind);
  const cleanVideo = type.kind === 'video' ? await remuxVideo(file, type) : null;
  try {
    const input: StoredMediaInput = cleanVideo
      ? { kind: 'video', mime: type.mime, ext: VIDEO_EXT[type.mime]!, file: cleanVideo, width: null, height: null }
      : type.kind === 'document'
        ? // Stored as sent: served only as a download (attachment, sandboxed), never shown inline.
          {
            kind: 'document',
            mime: 'application/pdf',
            ext: 'pdf',
            bytes: await readFile(file),
            width: null,
            height: null,
            filename: documentName(filename),
          }
        : await processPhoto(file, type);
    const media = await storeMedia(em, { ...input, private: isPrivate });
    if (variants) {
      await variants.prime(media, input.bytes ?? { file: input.file, size: media.size });
      if (media.kind === 'image') variants.warm(media);
    }
    return media;
  } finally {
    if (cleanVideo) await rm(cleanVideo, { force: true });
  }
}

function classify(mime: string, expected: MediaKind | null = null): SniffedType {
  if (PHOTO_TYPES.has(mime)) return { kind: 'image', mime };
  if (VIDEO_TYPES.has(mime)) return { kind: 'video', mime };
  if (mime === 'application/pdf') return { kind: 'document', mime };
  throw expected === 'document' ? new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.notPdf) : wrongType();
}
