// Media variants: maps /uploads/<id>.<ext>?w=&q= to a file in the disk cache, rendering it once with sharp.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { MikroORM } from '@mikro-orm/postgresql';
import { qualityForWidth, snapWidth } from '../../../lib/shared/format.ts';
import { MEDIA_MESSAGES, PHOTO_MAX_PIXELS, SHARE_HEIGHT, SHARE_WIDTH, type MediaKind } from '../media.schema.ts';
import { Media } from './media.entity.ts';
import { loadMediaBytes } from './media-store.ts';
import { loadSharp } from './sharp.ts';

// Operation caching keeps files open and memory busy; every variant is rendered once and kept on disk.

/** The qualities a variant may have (SPEC §7's ladder and the placeholder); others snap to the nearest. */
export const QUALITY_STEPS = [30, 70, 75, 80] as const;
export const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** How long an instance trusts what it knows about a media row before asking the database again. */
const META_TTL_MS = 60_000;
/** Small files are also kept in memory: a hot variant is then served without touching the disk. */
const HOT_FILE_MAX_BYTES = 512 * 1024;
const HOT_BUDGET_BYTES = 48 * 1024 * 1024;

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const CONTENT_TYPES: Record<OutputFormat, string> = {
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

export interface VariantQuery {
  /** Requested width; null serves the stored original. */
  width: number | null;
  quality: number | null;
  /** The 1200x630 JPEG crop that link previews show (?share=1); width and quality are then ignored. */
  share?: boolean;
}

/** A file ready to send: its path in the cache, its size and strong ETag, and the bytes when held in memory. */
export interface CachedFile {
  path: string;
  size: number;
  etag: string;
  contentType: string;
  /** Whether the body depends on the Accept header. */
  negotiated: boolean;
  body?: Buffer;
}

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

/** Encoder settings per format. AVIF and WebP qualities are tuned to look like the JPEG quality asked for. */
function encode(pipeline: Sharp, format: OutputFormat, quality: number): Sharp {
  switch (format) {
    case 'avif':
      // Effort 1: encoding then costs less than decoding the original (decision 004); 4:2:0 as in JPEG.
      return pipeline.avif({ quality: Math.max(20, quality - 20), effort: 1, chromaSubsampling: '4:2:0' });
    case 'webp':
      return pipeline.webp({ quality, effort: 2 });
    case 'png':
      return pipeline.png({ compressionLevel: 8, adaptiveFiltering: true });
    default:
      return pipeline.jpeg({ quality, progressive: true });
  }
}

function strongEtag(bytes: Buffer | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/** Writes to a temporary name in the same directory, then renames: readers never see half a file. */
async function writeAtomically(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

type Target =
  | { file: string; original: true }
  | { file: string; original: false; width: number; quality: number; format: OutputFormat; share?: boolean };

/** Every live cache in this process, so that deleting or replacing media clears them all. */
const liveCaches = new Set<MediaVariants>();

/** Forgets one media id in every cache of this process (memory and disk). */
export async function clearMediaCache(id: string): Promise<void> {
  await Promise.all([...liveCaches].map((cache) => cache.forget(id)));
}

export class MediaVariants {
  readonly cacheDir: string;
  private readonly orm: MikroORM;
  private readonly metas = new Map<string, { meta: MediaMeta; fetchedAt: number }>();
  private readonly files = new Map<string, CachedFile>();
  private readonly inflight = new Map<string, Promise<CachedFile>>();
  private readonly metaInflight = new Map<string, Promise<MediaMeta | null>>();
  /** Whether a WebP/AVIF original has transparency (decides PNG or JPEG for old browsers). */
  private readonly alpha = new Map<string, boolean>();
  /** Entries whose bytes are held in memory, least recently used first. */
  private readonly hot = new Map<string, CachedFile>();
  private hotBytes = 0;
  /** Renders started (not served from cache), for tests and the benchmark. */
  renders = 0;

  constructor(orm: MikroORM, cacheDir: string) {
    this.orm = orm;
    this.cacheDir = cacheDir;
    liveCaches.add(this);
  }

  dispose() {
    liveCaches.delete(this);
    this.metas.clear();
    this.alpha.clear();
    this.files.clear();
    this.hot.clear();
    this.hotBytes = 0;
  }

  /** The row's description without its bytes, from memory when recently seen (one query however many ask). */
  meta(id: string): Promise<MediaMeta | null> {
    const known = this.metas.get(id);
    if (known && Date.now() - known.fetchedAt < META_TTL_MS) return Promise.resolve(known.meta);
    let running = this.metaInflight.get(id);
    if (!running) {
      running = this.fetchMeta(id, known?.meta).finally(() => this.metaInflight.delete(id));
      this.metaInflight.set(id, running);
    }
    return running;
  }

  private async fetchMeta(id: string, previous: MediaMeta | undefined): Promise<MediaMeta | null> {
    const row = await this.orm.em.fork().findOne(Media, { id });
    if (!row) {
      if (previous) await this.forget(id);
      return null;
    }
    const meta: MediaMeta = {
      id: row.id,
      kind: row.kind,
      mime: row.mime,
      ext: row.ext,
      sha256: row.sha256,
      size: row.size,
      width: row.width ?? null,
      height: row.height ?? null,
      filename: row.filename ?? null,
      private: row.private ?? false,
    };
    // Cache file names carry the content hash, so a changed row can never be served from old files.
    if (previous && previous.sha256 !== meta.sha256) await this.forget(id);
    this.metas.set(id, { meta, fetchedAt: Date.now() });
    return meta;
  }

  /** Drops everything known about an id: metadata, memory and the files on disk. */
  async forget(id: string): Promise<void> {
    this.metas.delete(id);
    this.alpha.delete(id);
    const dir = path.join(this.cacheDir, id);
    for (const key of [...this.files.keys()]) if (key.startsWith(dir + path.sep)) this.files.delete(key);
    for (const [key, entry] of [...this.hot]) {
      if (key.startsWith(dir + path.sep)) {
        this.hot.delete(key);
        this.hotBytes -= entry.body?.length ?? 0;
      }
    }
    await rm(dir, { recursive: true, force: true });
  }

  /**
   * The cache file a request maps to, worked out without I/O; null only when a browser without
   * WebP/AVIF asks for a variant of a WebP/AVIF original whose transparency is not known yet.
   */
  private target(meta: MediaMeta, query: VariantQuery, accept: string | undefined): Target | null {
    if (meta.kind !== 'image' || (query.width === null && !query.share)) return { file: this.originalPath(meta), original: true };
    if (query.share) {
      // One JPEG for every crawler (not all of them read WebP or AVIF).
      const file = this.cachePath(meta.id, `${meta.sha256.slice(0, 16)}-share-${SHARE_WIDTH}x${SHARE_HEIGHT}.jpeg`);
      return { file, original: false, width: SHARE_WIDTH, quality: 80, format: 'jpeg', share: true };
    }
    const snapped = snapWidth(query.width!);
    const width = meta.width ? Math.min(snapped, meta.width) : snapped;
    const quality = clampQuality(query.quality ?? qualityForWidth(query.width!));
    const accepts = acceptedFormats(accept);
    let format: OutputFormat | undefined;
    if (accepts.avif) format = 'avif';
    else if (accepts.webp) format = 'webp';
    else format = this.legacyFormat(meta);
    if (!format) return null;
    const file = this.cachePath(meta.id, `${meta.sha256.slice(0, 16)}-w${width}-q${quality}.${format}`);
    return { file, original: false, width, quality, format };
  }

  /**
   * The hot path: a request whose row was seen recently and whose file is held in memory is answered
   * without a single await. Anything else returns null and goes through resolve().
   */
  peek(id: string, query: VariantQuery, accept: string | undefined): { meta: MediaMeta; file: CachedFile; body: Buffer } | null {
    const known = this.metas.get(id);
    if (!known || Date.now() - known.fetchedAt >= META_TTL_MS) return null;
    const target = this.target(known.meta, query, accept);
    const entry = target && this.files.get(target.file);
    const body = entry?.body;
    if (!entry || !body) return null;
    this.hot.delete(entry.path);
    this.hot.set(entry.path, entry);
    return { meta: known.meta, file: entry, body };
  }

  /** Resolves a request to a cached file, rendering it first if needed (once, however many ask at once). */
  async resolve(meta: MediaMeta, query: VariantQuery, accept: string | undefined): Promise<CachedFile> {
    let target = this.target(meta, query, accept);
    if (!target) {
      const original = await this.original(meta);
      const sharp = await loadSharp();
      this.alpha.set(meta.id, (await sharp(original.path).metadata()).hasAlpha);
      target = this.target(meta, query, accept)!;
    }
    if (target.original) return this.original(meta);
    const { file, width, quality, format, share } = target;
    return this.once(file, async () => {
      const original = await this.original(meta);
      this.renders += 1;
      const sharp = await loadSharp();
      let pipeline = sharp(original.path, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'none' });
      if (share) {
        // Cropped to the sharing shape around what draws the eye (sharp's attention strategy); never stretched.
        pipeline = pipeline.flatten({ background: '#ffffff' }).resize({ width: SHARE_WIDTH, height: SHARE_HEIGHT, fit: 'cover', position: sharp.strategy.attention });
      } else if (!meta.width || width < meta.width) {
        pipeline = pipeline.resize({ width, withoutEnlargement: true });
      }
      const bytes = await encode(pipeline, format, quality).toBuffer();
      await writeAtomically(file, bytes);
      return this.remember({ path: file, size: bytes.length, etag: strongEtag(bytes), contentType: CONTENT_TYPES[format], negotiated: !share }, bytes);
    });
  }

  /** For browsers without WebP/AVIF: JPEG and PNG originals keep their format; others become PNG with alpha, else JPEG. */
  private legacyFormat(meta: MediaMeta): OutputFormat | undefined {
    const own = ORIGINAL_FORMAT[meta.mime];
    if (own === 'jpeg' || own === 'png') return own;
    const alpha = this.alpha.get(meta.id);
    return alpha === undefined ? undefined : alpha ? 'png' : 'jpeg';
  }

  private originalPath(meta: Pick<MediaMeta, 'id' | 'sha256' | 'ext'>) {
    return this.cachePath(meta.id, `${meta.sha256.slice(0, 16)}-original.${meta.ext}`);
  }

  /** The stored original as a cache file (videos are always served this way). */
  original(meta: MediaMeta): Promise<CachedFile> {
    const file = this.originalPath(meta);
    return this.once(file, async () => {
      const bytes = await loadMediaBytes(this.orm.em.fork(), meta.id);
      if (!bytes) throw new MediaGoneError();
      return this.keepOriginal(file, meta.mime, bytes);
    });
  }

  /**
   * Puts a just-stored original into the cache, so that its first variants need not read it back from
   * the database (the admin who uploaded it is about to look at it).
   */
  async prime(media: Pick<MediaMeta, 'id' | 'sha256' | 'ext' | 'mime'>, bytes: Buffer): Promise<void> {
    const file = this.originalPath(media);
    if (this.files.has(file) || this.inflight.has(file)) return;
    const job = this.keepOriginal(file, media.mime, bytes).finally(() => this.inflight.delete(file));
    this.inflight.set(file, job);
    await job;
  }

  private async keepOriginal(file: string, mime: string, bytes: Buffer): Promise<CachedFile> {
    await writeAtomically(file, bytes);
    return this.remember({ path: file, size: bytes.length, etag: strongEtag(bytes), contentType: mime, negotiated: false }, bytes);
  }

  /** String concatenation: this runs on every request, and the parts are already normal. */
  private cachePath(id: string, name: string) {
    return this.cacheDir + path.sep + id + path.sep + name;
  }

  /** Known file → itself; a file left on disk by an earlier process → indexed; else make it, once. */
  private once(file: string, make: () => Promise<CachedFile>): Promise<CachedFile> {
    const known = this.files.get(file);
    if (known) {
      if (known.body) {
        // Refresh its place in the LRU order.
        this.hot.delete(file);
        this.hot.set(file, known);
      }
      return Promise.resolve(known);
    }
    const running = this.inflight.get(file);
    if (running) return running;
    const job = (async () => {
      try {
        const st = await stat(file);
        const ext = path.extname(file).slice(1);
        const format = ext as OutputFormat;
        const negotiated = !file.includes('-original.');
        const contentType = negotiated ? CONTENT_TYPES[format] : this.mimeForOriginal(file);
        if (st.size <= HOT_FILE_MAX_BYTES) {
          const bytes = await readFile(file);
          return this.remember({ path: file, size: bytes.length, etag: strongEtag(bytes), contentType, negotiated }, bytes);
        }
        return this.remember({ path: file, size: st.size, etag: await hashFile(file), contentType, negotiated });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return make();
    })().finally(() => this.inflight.delete(file));
    this.inflight.set(file, job);
    return job;
  }

  private mimeForOriginal(file: string): string {
    const id = path.basename(path.dirname(file));
    return this.metas.get(id)?.meta.mime ?? 'application/octet-stream';
  }

  private remember(entry: CachedFile, bytes?: Buffer): CachedFile {
    this.files.set(entry.path, entry);
    if (bytes && bytes.length <= HOT_FILE_MAX_BYTES) {
      entry.body = bytes;
      this.hot.set(entry.path, entry);
      this.hotBytes += bytes.length;
      for (const [key, evicted] of this.hot) {
        if (this.hotBytes <= HOT_BUDGET_BYTES) break;
        this.hot.delete(key);
        this.hotBytes -= evicted.body?.length ?? 0;
        delete evicted.body;
      }
    }
    return entry;
  }

  /** Opens a cached file for sending; if it vanished from disk (cache cleared by hand), renders it again. */
  async openFile(
    meta: MediaMeta,
    query: VariantQuery,
    accept: string | undefined,
  ): Promise<{ file: CachedFile; body?: Buffer; handle?: FileHandle }> {
    for (let attempt = 0; ; attempt++) {
      const file = await this.resolve(meta, query, accept);
      // The bytes are taken now: the entry may leave memory before the reply is sent.
      if (file.body) return { file, body: file.body };
      try {
        return { file, handle: await open(file.path, 'r') };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
        this.files.delete(file.path);
      }
    }
  }
}

/** The row disappeared between reading its description and its bytes. */
export class MediaGoneError extends Error {
  constructor() {
    super(MEDIA_MESSAGES.notFound);
    this.name = 'MediaGoneError';
  }
}
