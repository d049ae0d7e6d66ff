// What other parts of the app may read of the stored files (issue 47's face).
import type { EntityManager } from '@mikro-orm/postgresql';
import { openMediaBytes } from './media-store.ts';

const UPLOAD = /^\/uploads\/([0-9a-f-]{36})\.[a-z0-9]{2,5}$/i;

/** A stored file's bytes by its address (/uploads/<id>.<ext>), piece by piece; null when it is not (or no longer) stored. */
export async function openStoredFile(em: EntityManager, url: string): Promise<AsyncIterable<Buffer> | null> {
  const id = UPLOAD.exec(url)?.[1];
  return id ? openMediaBytes(em, id) : null;
}
