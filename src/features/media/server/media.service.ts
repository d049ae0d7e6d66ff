// Media services for other features' admin screens: delete or replace an original and its cached variants.
import type { EntityManager } from '@mikro-orm/postgresql';
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

/**
 * For admin updates that swap an image: when `previousUrl` named an uploaded file and the new URL is a
 * different one, the old original and its variants are removed. Call it after the entity is saved.
 */
export async function deleteReplacedMedia(em: EntityManager, previousUrl: string | null | undefined, nextUrl: string | null | undefined): Promise<boolean> {
  const previous = mediaIdFromUrl(previousUrl);
  if (!previous || previous === mediaIdFromUrl(nextUrl)) return false;
  return deleteMedia(em, previous);
}

export { clearMediaCache, mediaIdFromUrl };
