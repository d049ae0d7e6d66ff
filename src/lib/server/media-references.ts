// How a feature says which of its columns hold upload URLs, and the media service features call to free uploads.
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Columns of one entity whose values are upload URLs (`/uploads/<id>.<ext>`) or text that contains them. */
export interface MediaReference {
  entity: EntityName;
  columns: readonly string[];
}

/** Declares `entity`'s media columns; the names are checked against the entity's properties. */
export function mediaReference<T extends object>(entity: EntityName<T>, columns: ReadonlyArray<keyof T & string>): MediaReference {
  return { entity: entity as EntityName, columns };
}

/** ctx.services.media: what features may ask of the media feature. */
export interface MediaService {
  /**
   * Deletes the uploads behind `urls` (photos or videos an admin change stopped using) that no
   * declared column refers to any more. Never throws: a left-over upload costs only space.
   */
  release(urls: ReadonlyArray<string | null | undefined>): Promise<void>;
  /**
   * Stores a file that did not come through the upload form (an e-mail's attachment) as a private upload,
   * through the same checks: content sniffed (photos and PDFs only), size limits, photos re-encoded without
   * metadata. Throws the upload's 4xx AppError when refused. Returns its canonical `/uploads/<id>.<ext>` URL.
   */
  ingestPrivate(em: EntityManager, bytes: Buffer, filename: string | null): Promise<{ url: string; name: string | null }>;
}
