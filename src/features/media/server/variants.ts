// Media variants: maps /uploads/<id>.<ext>?w=&q= to a file in the disk cache, rendering it once with sharp.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Sharp } from 'sharp';
import type { MikroORM } from '@mikro-orm/postgresql';
import { qualityForWidth, snapWidth } from '../../../lib/shared/format.ts';
import { MEDIA_MESSAGES, PHOTO_MAX_PIXELS, SHARE_HEIGHT, SHARE_WIDTH, type MediaKind } from '../media.schema.ts';
import { Media } from './media.entity.ts';
import { MediaGoneError, openMediaBytes } from './media-store.ts';
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

/**
 * The variants pages ask for first, rendered in the background right after a photo is uploaded (warm),
 * with the quality imageUrl() gives each width: the admin's preview (MediaField, w=320) first, the blurred
 * placeholder every ResponsiveImage shows (w=40 q=30), the admin lists' thumbnails (w=160), then the widths
 * the public srcsets offer for the site's 280–800 px boxes at 1x and 2x (the lightbox's w=800 q=80 among them).
 */
export const WARM_VARIANTS: ReadonlyArray<{ width: number; quality: number }> = [
  { width: 320, quality: qualityForWidth(320) },
  { width: 40, quality: 30 },
  ...[160, 480, 640, 800, 1024].map((width) => ({ width, quality: qualityForWidth(width) })),
];
/** Current browsers take AVIF; then WebP for the few that stop there, and the original's own format for the rest. */
export const WARM_ACCEPTS = ['image/avif,image/webp,*/*', 'image/webp,*/*', '*/*'] as const;

/** Where background failures are reported (the media plugin may hand over the app's logger). */
export interface VariantsLog {
  warn(obj: object, msg: string): void;
}

/** Without the app's logger: one JSON line on stderr, shaped like the app's own (pino) warnings. */
const stderrLog: VariantsLog = {
  warn(obj, msg) {
    const { err, ...rest } = obj as { err?: unknown };
    const error = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, ...rest, ...(err === undefined ? {} : { err: error }), msg })}\n`);
  },
};

/** One uploaded photo whose common variants are waiting to be rendered (or being rendered). */
interface WarmJob {
  meta: MediaMeta;
  cancelled: boolean;
  running: Promise<unknown> | null;
}

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

/** strongEtag of bytes whose SHA-256 is already known (as hex): no need to read them again. */
const etagOfSha256 = (hex: string) => `"${Buffer.from(hex, 'hex').toString('base64url').slice(0, 32)}"`;

const tmpNameFor = (file: string) => `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/** Writes to a temporary name in the same directory, then renames: readers never see half a file. */
async function writeAtomically(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = tmpNameFor(file);
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

/** A media row's (or a just-stored original's) metadata as the cache keeps it. */
function toMeta(media: Pick<MediaMeta, 'id' | 'kind' | 'mime' | 'ext' | 'sha256' | 'size'> & { width?: number | null; height?: number | null; private?: boolean | null; filename?: string | null }): MediaMeta {
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
  log: VariantsLog;
  /** Photos waiting for their common variants, one rendered at a time (warm). */
  private readonly warmQueue: WarmJob[] = [];
  private warmJob: WarmJob | null = null;
  private draining: Promise<void> | null = null;
  private disposed = false;

  constructor(orm: MikroORM, cacheDir: string, { log = stderrLog }: { log?: VariantsLog } = {}) {
    this.orm = orm;
    this.cacheDir = cacheDir;
    this.log = log;
    liveCaches.add(this);
  }

  /** Stops the background work (the variant being rendered is finished first) and forgets everything held. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.warmQueue.length = 0;
    await this.warmJob?.running?.catch(() => {});
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
    const meta = toMeta(row);
    // Cache file names carry the content hash, so a changed row can never be served from old files.
    if (previous && previous.sha256 !== meta.sha256) await this.forget(id);
    this.metas.set(id, { meta, fetchedAt: Date.now() });
    return meta;
  }

  /**
   * Queues the variants pages ask for first (WARM_VARIANTS in every WARM_ACCEPTS format) and returns at
   * once: they are rendered in the background, one at a time, each through resolve() like a request's
   * (a request for one of them meanwhile waits for the same render). A failure is logged, never thrown.
   */
  warm(
    media: Pick<MediaMeta, 'id' | 'kind' | 'mime' | 'ext' | 'sha256' | 'size'> & { width?: number | null; height?: number | null; private?: boolean | null; filename?: string | null },
  ): void {
    if (this.disposed || media.kind !== 'image') return;
    this.warmQueue.push({ meta: toMeta(media), cancelled: false, running: null });
    this.draining ??= this.drain();
  }

  /** Settles when no background work is left (what tests await instead of waiting for a while). */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    // Lets warm() store this promise before the loop can finish and clear it.
    await Promise.resolve();
    for (let job = this.warmQueue.shift(); job; job = this.warmQueue.shift()) {
      this.warmJob = job;
      await this.warmOne(job);
      this.warmJob = null;
    }
    // Synchronously after the queue was found empty: the next warm() starts a new drain.
    this.draining = null;
  }

  private async warmOne(job: WarmJob): Promise<void> {
    for (const accept of WARM_ACCEPTS) {
      for (const { width, quality } of WARM_VARIANTS) {
        if (job.cancelled || this.disposed) return;
        const running = this.resolve(job.meta, { width, quality }, accept);
        job.running = running;
        try {
          await running;
        } catch (err) {
          // A photo deleted meanwhile is no failure; anything else is logged, and its other variants skipped.
          if (!(err instanceof MediaGoneError)) {
            this.log.warn({ err, mediaId: job.meta.id, width, accept }, 'rendering a variant in the background failed');
          }
          return;
        } finally {
          job.running = null;
        }
      }
    }
  }

  /** Drops everything known about an id: metadata, memory and the files on disk (after any background render of it). */
  async forget(id: string): Promise<void> {
    for (const job of this.warmQueue) if (job.meta.id === id) job.cancelled = true;
    if (this.warmJob?.meta.id === id) {
      this.warmJob.cancelled = true;
      await this.warmJob.running?.catch(() => {});
    }
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
      const pieces = await openMediaBytes(this.orm.em.fork(), meta.id);
      if (!pieces) throw new MediaGoneError();
      return this.keepOriginalFrom(file, meta.mime, pieces);
    });
  }

  /** Streams the stored pieces to the cache file (one piece in memory at a time; a small original is also kept in memory). */
  private async keepOriginalFrom(file: string, mime: string, pieces: AsyncIterable<Buffer>): Promise<CachedFile> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpNameFor(file);
    const hash = createHash('sha256');
    let size = 0;
    let held: Buffer[] | null = [];
    try {
      await pipeline(
        pieces,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const piece of source) {
            hash.update(piece);
            size += piece.length;
            held = held && size <= HOT_FILE_MAX_BYTES ? [...held, piece] : null;
            yield piece;
          }
        },
        createWriteStream(tmp),
      );
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const etag = `"${hash.digest('base64url').slice(0, 32)}"`;
    const body = held ? Buffer.concat(held) : undefined;
    return this.remember({ path: file, size, etag, contentType: mime, negotiated: false }, body);
  }

  /**
   * Puts a just-stored original into the cache, so that its first variants need not read it back from
   * the database (the admin who uploaded it is about to look at it). A video comes as the file it was
   * stored from, copied without reading it into memory.
   */
  async prime(media: Pick<MediaMeta, 'id' | 'sha256' | 'ext' | 'mime'>, source: Buffer | { file: string; size: number }): Promise<void> {
    const file = this.originalPath(media);
    if (this.files.has(file) || this.inflight.has(file)) return;
    const kept = Buffer.isBuffer(source) ? this.keepOriginal(file, media.mime, source) : this.keepOriginalCopy(file, media, source);
    const job = kept.finally(() => this.inflight.delete(file));
    this.inflight.set(file, job);
    await job;
  }

  private async keepOriginalCopy(file: string, media: Pick<MediaMeta, 'sha256' | 'mime'>, source: { file: string; size: number }): Promise<CachedFile> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpNameFor(file);
    try {
      await copyFile(source.file, tmp);
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const body = source.size <= HOT_FILE_MAX_BYTES ? await readFile(file) : undefined;
    return this.remember({ path: file, size: source.size, etag: etagOfSha256(media.sha256), contentType: media.mime, negotiated: false }, body);
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
export { MediaGoneError };
