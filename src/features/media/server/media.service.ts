// ctx.services.media: deletes an upload once no declared media column refers to it any more.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { MediaReference, MediaService } from '../../../lib/server/media-references.ts';
import { Media } from './media.entity.ts';
import { clearMediaCache, isMediaId, mediaIdFromUrl } from './variants.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ingestFile } from './ingest.ts';
import { mediaUrl } from './media-store.ts';

/**
 * Deletes a media row and clears its variant cache in this process (other instances stop serving it
 * within a minute, when their cached description expires). Returns whether a row was deleted.
 */
export async function deleteMedia(em: EntityManager, id: string): Promise<boolean> {
  if (!isMediaId(id)) return false;
  const deleted = await em.nativeDelete(Media, { id: id.toLowerCase() });
  await clearMediaCache(id.toLowerCase());
  return deleted > 0;
}

/** Whether any declared column refers to upload `id` (an exact URL, a variant URL, or inside a text). */
async function isMediaUsed(em: EntityManager, references: readonly MediaReference[], id: string): Promise<boolean> {
  // Media ids are UUIDs: nothing in them is special to LIKE.
  const pattern = { $ilike: `%/uploads/${id}.%` };
  for (const { entity, columns } of references) {
    const uses = await em.count(entity, { $or: columns.map((column) => ({ [column]: pattern })) });
    if (uses > 0) return true;
  }
  return false;
}

export interface MediaServiceOptions {
  orm: MikroORM;
  /** Every column of every feature that holds upload URLs (composed in src/server/media-references.ts). */
  references: readonly MediaReference[];
  log: { warn: (obj: object, msg: string) => void };
}

export function createMediaService({ orm, references, log }: MediaServiceOptions): MediaService {
  return {
    async release(urls) {
      const ids = new Set(urls.map(mediaIdFromUrl).filter((id): id is string => id !== null));
      for (const id of ids) {
        try {
          const em = orm.em.fork();
          if (!(await isMediaUsed(em, references, id))) await deleteMedia(em, id);
        } catch (err) {
          log.warn({ err, mediaId: id }, 'releasing an unused upload failed');
        }
      }
    },
    async ingestPrivate(em, bytes, filename) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'doodle-ingest-'));
      try {
        const file = path.join(dir, 'file');
        await writeFile(file, bytes, { mode: 0o600 });
        // A PDF is a document; anything else must be a photo (videos are not taken from e-mail).
        const kind = bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? 'document' : 'image';
        const media = await ingestFile(em, file, bytes.length, undefined, { kind, filename: filename ?? undefined, isPrivate: true });
        return { url: mediaUrl(media), name: media.filename ?? filename ?? null };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
