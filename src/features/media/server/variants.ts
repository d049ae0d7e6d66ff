// Media variants: maps /uploads/<id>.<ext>?w=&q= to a file in the disk cache, rendering it once with sharp.
// This file serves: it puts together naming (variant-naming.ts), the caches (variant-cache.ts,
// media-meta-cache.ts), rendering (variant-render.ts) and the background queue (variant-warm.ts).
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MediaGoneError, openMediaBytes } from './media-store.ts';
import { MediaMetaCache } from './media-meta-cache.ts';
import { VariantFiles, type CachedFile } from './variant-cache.ts';
import {
  CONTENT_TYPES,
  originalPath,
  toMeta,
  variantTarget,
  type MediaMeta,
  type MediaMetaSource,
  type Target,
  type VariantQuery,
} from './variant-naming.ts';
import { originalHasAlpha, renderVariant } from './variant-render.ts';
import { stderrLog, WarmQueue, type VariantsLog } from './variant-warm.ts';

// What the rest of the app imports from here (the media plugin, the media service, upload, the tests).
export type { CachedFile } from './variant-cache.ts';
export {
  acceptedFormats,
  clampQuality,
  isMediaId,
  mediaIdFromUrl,
  parseMediaFileName,
  parseVariantQuery,
  QUALITY_STEPS,
  type MediaMeta,
  type OutputFormat,
  type VariantQuery,
} from './variant-naming.ts';
export { WARM_ACCEPTS, WARM_VARIANTS, type VariantsLog } from './variant-warm.ts';

export const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Every live cache in this process, so that deleting or replacing media clears them all. */
const liveCaches = new Set<MediaVariants>();

/** Forgets one media id in every cache of this process (memory and disk). */
export async function clearMediaCache(id: string): Promise<void> {
  await Promise.all([...liveCaches].map((cache) => cache.forget(id)));
}

export class MediaVariants {
  readonly cacheDir: string;
  private readonly orm: MikroORM;
  private readonly metas: MediaMetaCache;
  private readonly files: VariantFiles;
  /** Whether a WebP/AVIF original has transparency (decides PNG or JPEG for old browsers). */
  private readonly alpha = new Map<string, boolean>();
  /** Photos waiting for their common variants, one rendered at a time (warm). */
  private readonly warmQueue: WarmQueue;
  /** Renders started (not served from cache), for tests and the benchmark. */
  renders = 0;
  log: VariantsLog;

  constructor(orm: MikroORM, cacheDir: string, { log = stderrLog }: { log?: VariantsLog } = {}) {
    this.orm = orm;
    this.cacheDir = cacheDir;
    this.log = log;
    this.metas = new MediaMetaCache(orm, (id) => this.forget(id));
    this.files = new VariantFiles((id) => this.metas.mime(id));
    this.warmQueue = new WarmQueue(
      (meta, query, accept) => this.resolve(meta, query, accept),
      (obj, msg) => this.log.warn(obj, msg),
    );
    liveCaches.add(this);
  }

  /** Stops the background work (the variant being rendered is finished first) and forgets everything held. */
  async dispose(): Promise<void> {
    await this.warmQueue.stop();
    liveCaches.delete(this);
    this.metas.clear();
    this.alpha.clear();
    this.files.clear();
  }

  /** The row's description without its bytes, from memory when recently seen (one query however many ask). */
  meta(id: string): Promise<MediaMeta | null> {
    return this.metas.get(id);
  }

  /**
   * Queues the variants pages ask for first (WARM_VARIANTS in every WARM_ACCEPTS format) and returns at
   * once: they are rendered in the background, one at a time, each through resolve() like a request's
   * (a request for one of them meanwhile waits for the same render). A failure is logged, never thrown.
   */
  warm(media: MediaMetaSource): void {
    if (media.kind !== 'image') return;
    this.warmQueue.add(toMeta(media));
  }

  /** Settles when no background work is left (what tests await instead of waiting for a while). */
  idle(): Promise<void> {
    return this.warmQueue.idle();
  }

  /** Drops everything known about an id: metadata, memory and the files on disk (after any background render of it). */
  async forget(id: string): Promise<void> {
    await this.warmQueue.cancel(id);
    this.metas.delete(id);
    this.alpha.delete(id);
    const dir = path.join(this.cacheDir, id);
    this.files.dropUnder(dir);
    await rm(dir, { recursive: true, force: true });
  }

  private target(meta: MediaMeta, query: VariantQuery, accept: string | undefined): Target | null {
    return variantTarget(this.cacheDir, meta, query, accept, this.alpha);
  }

  /**
   * The hot path: a request whose row was seen recently and whose file is held in memory is answered
   * without a single await. Anything else returns null and goes through resolve().
   */
  peek(id: string, query: VariantQuery, accept: string | undefined): { meta: MediaMeta; file: CachedFile; body: Buffer } | null {
    const meta = this.metas.fresh(id);
    if (!meta) return null;
    const target = this.target(meta, query, accept);
    const held = target && this.files.held(target.file);
    return held ? { meta, ...held } : null;
  }

  /** Resolves a request to a cached file, rendering it first if needed (once, however many ask at once). */
  async resolve(meta: MediaMeta, query: VariantQuery, accept: string | undefined): Promise<CachedFile> {
    let target = this.target(meta, query, accept);
    if (!target) {
      const original = await this.original(meta);
      this.alpha.set(meta.id, await originalHasAlpha(original.path));
      target = this.target(meta, query, accept)!;
    }
    if (target.original) return this.original(meta);
    const { file, width, quality, format, share } = target;
    return this.files.once(file, async () => {
      const original = await this.original(meta);
      this.renders += 1;
      const bytes = await renderVariant(original.path, meta, { width, quality, format, share });
      return this.files.keepBytes(file, bytes, CONTENT_TYPES[format], !share);
    });
  }

  /** The stored original as a cache file (videos are always served this way). */
  original(meta: MediaMeta): Promise<CachedFile> {
    const file = originalPath(this.cacheDir, meta);
    return this.files.once(file, async () => {
      // Streamed from the database to the file one piece at a time.
      const pieces = await openMediaBytes(this.orm.em.fork(), meta.id);
      if (!pieces) throw new MediaGoneError();
      return this.files.keepStream(file, meta.mime, pieces);
    });
  }

  /**
   * Puts a just-stored original into the cache, so that its first variants need not read it back from
   * the database (the admin who uploaded it is about to look at it). A video comes as the file it was
   * stored from, copied without reading it into memory.
   */
  async prime(media: Pick<MediaMeta, 'id' | 'sha256' | 'ext' | 'mime'>, source: Buffer | { file: string; size: number }): Promise<void> {
    const file = originalPath(this.cacheDir, media);
    await this.files.ensure(file, () =>
      Buffer.isBuffer(source)
        ? this.files.keepBytes(file, source, media.mime, false)
        : this.files.keepCopy(file, media.mime, { ...source, sha256: media.sha256 }),
    );
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
        this.files.drop(file.path);
      }
    }
  }
}

/** The row disappeared between reading its description and its bytes. */
export { MediaGoneError };
