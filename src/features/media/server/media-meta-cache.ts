// Media descriptions (a row without its bytes) as the variant cache keeps them: one query however many ask, trusted for a minute.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Media } from './media.entity.ts';
import { toMeta, type MediaMeta } from './variant-naming.ts';

/** How long an instance trusts what it knows about a media row before asking the database again. */
const META_TTL_MS = 60_000;

export class MediaMetaCache {
  private readonly orm: MikroORM;
  private readonly metas = new Map<string, { meta: MediaMeta; fetchedAt: number }>();
  private readonly inflight = new Map<string, Promise<MediaMeta | null>>();
  /** Called when a row known before is gone or has other bytes: everything cached for it must go. */
  private readonly onStale: (id: string) => Promise<void>;

  constructor(orm: MikroORM, onStale: (id: string) => Promise<void>) {
    this.orm = orm;
    this.onStale = onStale;
  }

  /** The description when seen within the last minute, without I/O; undefined otherwise. */
  fresh(id: string): MediaMeta | undefined {
    const known = this.metas.get(id);
    return known && Date.now() - known.fetchedAt < META_TTL_MS ? known.meta : undefined;
  }

  /** The mime of a row seen at any time (for originals found on disk). */
  mime(id: string): string | undefined {
    return this.metas.get(id)?.meta.mime;
  }

  /** The row's description, from memory when recently seen (one query however many ask). */
  get(id: string): Promise<MediaMeta | null> {
    const fresh = this.fresh(id);
    if (fresh) return Promise.resolve(fresh);
    let running = this.inflight.get(id);
    if (!running) {
      running = this.fetch(id, this.metas.get(id)?.meta).finally(() => this.inflight.delete(id));
      this.inflight.set(id, running);
    }
    return running;
  }

  private async fetch(id: string, previous: MediaMeta | undefined): Promise<MediaMeta | null> {
    const row = await this.orm.em.fork().findOne(Media, { id });
    if (!row) {
      if (previous) await this.onStale(id);
      return null;
    }
    const meta = toMeta(row);
    // Cache file names carry the content hash, so a changed row can never be served from old files.
    if (previous && previous.sha256 !== meta.sha256) await this.onStale(id);
    this.metas.set(id, { meta, fetchedAt: Date.now() });
    return meta;
  }

  delete(id: string): void {
    this.metas.delete(id);
  }

  clear(): void {
    this.metas.clear();
  }
}
