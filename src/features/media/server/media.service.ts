// ctx.services.media: deletes an upload once no declared media column refers to it any more.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { MediaReference, MediaService } from '../../../lib/server/media-references.ts';
import { Media } from './media.entity.ts';
import { clearMediaCache, isMediaId, mediaIdFromUrl } from './variants.ts';

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
  };
}
