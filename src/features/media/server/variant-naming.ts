// Variant naming: what /uploads/<id>.<ext>?w=&q= asks for, and the cache file it maps to, worked out without I/O.
import path from 'node:path';
import { qualityForWidth, snapWidth } from '../../../lib/shared/format.ts';
import { MEDIA_MESSAGES, SHARE_HEIGHT, SHARE_WIDTH, type MediaKind } from '../media.schema.ts';

/** The qualities a variant may have (SPEC §7's ladder and the placeholder); others snap to the nearest. */
export const QUALITY_STEPS = [30, 70, 75, 80] as const;

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export interface MediaMeta {
  id: string;
  kind: MediaKind;
  /** A document's download name. */
  filename: string | null;
  mime: string;
  ext: string;
  sha256: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Served only through the access-checked private route. */
  private: boolean;
}

/** A media row, or a just-stored original, from which a MediaMeta is made. */
export type MediaMetaSource = Pick<MediaMeta, 'id' | 'kind' | 'mime' | 'ext' | 'sha256' | 'size'> & {
  width?: number | null;
  height?: number | null;
  private?: boolean | null;
  filename?: string | null;
};

/** A media row's (or a just-stored original's) metadata as the cache keeps it. */
export function toMeta(media: MediaMetaSource): MediaMeta {
  return {
    id: media.id,
    kind: media.kind,
    mime: media.mime,
    ext: media.ext,
    sha256: media.sha256,
    size: media.size,
    width: media.width ?? null,
    height: media.height ?? null,
    filename: media.filename ?? null,
    private: media.private ?? false,
  };
}

export interface VariantQuery {
  /** Requested width; null serves the stored original. */
  width: number | null;
  quality: number | null;
  /** The 1200x630 JPEG crop that link previews show (?share=1); width and quality are then ignored. */
  share?: boolean;
}

/** The cache file a request maps to: the stored original, or a variant and how to render it. */
export type Target =
  | { file: string; original: true }
  | { file: string; original: false; width: number; quality: number; format: OutputFormat; share?: boolean };

const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{1,10})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isMediaId = (value: string) => UUID.test(value);

/** `<uuid>.<ext>` → its parts, or null when it cannot name a media row. */
export function parseMediaFileName(name: string): { id: string; ext: string } | null {
  const m = FILE_NAME.exec(name);
  return m ? { id: m[1]!.toLowerCase(), ext: m[2]!.toLowerCase() } : null;
}

/** The media id of an `/uploads/<id>.<ext>` URL (with or without a query), or null for any other URL. */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^\/uploads\/([^/?#]+)/.exec(url);
  return match ? (parseMediaFileName(match[1]!)?.id ?? null) : null;
}

function single(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/** Nearest allowed quality; a tie goes to the better one. */
export function clampQuality(q: number): number {
  let best: number = QUALITY_STEPS[0];
  for (const step of QUALITY_STEPS) if (Math.abs(step - q) <= Math.abs(best - q)) best = step;
  return best;
}

export function parseVariantQuery(query: Record<string, unknown>): VariantQuery | { error: string } {
  const w = single(query.w);
  const q = single(query.q);
  if (w === null || (w !== undefined && !/^\d{1,6}$/.test(w)) || w === '0' || /^0+$/.test(w ?? '')) {
    return { error: MEDIA_MESSAGES.badWidth };
  }
  if (q === null || (q !== undefined && !/^\d{1,6}$/.test(q))) return { error: MEDIA_MESSAGES.badQuality };
  const share = single(query.share);
  if (share !== undefined && share !== '1') return { error: MEDIA_MESSAGES.badShare };
  return { width: w === undefined ? null : Number(w), quality: q === undefined ? null : Number(q), ...(share ? { share: true } : {}) };
}

/** Which modern formats an Accept header allows (a q of 0 refuses; wildcards do not count). */
export function acceptedFormats(accept: string | undefined): { avif: boolean; webp: boolean } {
  const out = { avif: false, webp: false };
  if (!accept) return out;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (qParam && Number(qParam.slice(2)) === 0) continue;
    if (type === 'image/avif') out.avif = true;
    if (type === 'image/webp') out.webp = true;
  }
  return out;
}

const ORIGINAL_FORMAT: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/**
 * For browsers without WebP/AVIF: JPEG and PNG originals keep their format; others become PNG with
 * alpha, else JPEG (undefined while the original's transparency is not known).
 */
function legacyFormat(meta: MediaMeta, alpha: ReadonlyMap<string, boolean>): OutputFormat | undefined {
  const own = ORIGINAL_FORMAT[meta.mime];
  if (own === 'jpeg' || own === 'png') return own;
  const hasAlpha = alpha.get(meta.id);
  return hasAlpha === undefined ? undefined : hasAlpha ? 'png' : 'jpeg';
}

/** String concatenation: this runs on every request, and the parts are already normal. */
export function cachePath(cacheDir: string, id: string, name: string): string {
  return cacheDir + path.sep + id + path.sep + name;
}

/** Where the stored original is kept in the cache (file names carry the content hash). */
export function originalPath(cacheDir: string, meta: Pick<MediaMeta, 'id' | 'sha256' | 'ext'>): string {
  return cachePath(cacheDir, meta.id, `${meta.sha256.slice(0, 16)}-original.${meta.ext}`);
}

/** What a file found in the cache directory holds, from its name alone: its type and whether it depends on Accept. */
export function describeCacheFile(
  file: string,
  originalMime: (id: string) => string | undefined,
): { contentType: string; negotiated: boolean } {
  const negotiated = !file.includes('-original.');
  if (negotiated) return { contentType: CONTENT_TYPES[path.extname(file).slice(1) as OutputFormat], negotiated };
  return { contentType: originalMime(path.basename(path.dirname(file))) ?? 'application/octet-stream', negotiated };
}

/**
 * The cache file a request maps to; null only when a browser without WebP/AVIF asks for a variant
 * of a WebP/AVIF original whose transparency (`alpha`, by media id) is not known yet.
 */
export function variantTarget(
  cacheDir: string,
  meta: MediaMeta,
  query: VariantQuery,
  accept: string | undefined,
  alpha: ReadonlyMap<string, boolean>,
): Target | null {
  if (meta.kind !== 'image' || (query.width === null && !query.share)) return { file: originalPath(cacheDir, meta), original: true };
  if (query.share) {
    // One JPEG for every crawler (not all of them read WebP or AVIF).
    const file = cachePath(cacheDir, meta.id, `${meta.sha256.slice(0, 16)}-share-${SHARE_WIDTH}x${SHARE_HEIGHT}.jpeg`);
    return { file, original: false, width: SHARE_WIDTH, quality: 80, format: 'jpeg', share: true };
  }
  const snapped = snapWidth(query.width!);
  const width = meta.width ? Math.min(snapped, meta.width) : snapped;
  const quality = clampQuality(query.quality ?? qualityForWidth(query.width!));
  const accepts = acceptedFormats(accept);
  let format: OutputFormat | undefined;
  if (accepts.avif) format = 'avif';
  else if (accepts.webp) format = 'webp';
  else format = legacyFormat(meta, alpha);
  if (!format) return null;
  const file = cachePath(cacheDir, meta.id, `${meta.sha256.slice(0, 16)}-w${width}-q${quality}.${format}`);
  return { file, original: false, width, quality, format };
}
