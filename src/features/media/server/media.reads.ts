// What other parts of the app may read of the stored files (issue 47's face).
import type { EntityManager } from '@mikro-orm/postgresql';
import { mediaUrl, openMediaBytes, storeMedia } from './media-store.ts';
import type { MediaKind } from '../media.schema.ts';

const UPLOAD = /^\/uploads\/([0-9a-f-]{36})\.[a-z0-9]{2,5}$/i;

/** A stored file's bytes by its address (/uploads/<id>.<ext>), piece by piece; null when it is not (or no longer) stored. */
export async function openStoredFile(em: EntityManager, url: string): Promise<AsyncIterable<Buffer> | null> {
  const id = UPLOAD.exec(url)?.[1];
  return id ? openMediaBytes(em, id) : null;
}

export interface PrivateUpload {
  url: string;
  kind: MediaKind;
  /** A document's own file name, for its download. */
  filename: string | null;
}

/** The private uploads among these upload URLs (`/uploads/<id>.<ext>`), by URL: a URL missing here is not one. */
export async function privateUploads(em: EntityManager, urls: readonly string[]): Promise<Map<string, PrivateUpload>> {
  if (!urls.length) return new Map();
  const ids = urls.map((u) => u.slice('/uploads/'.length, u.lastIndexOf('.')));
  const rows = await em.execute<Array<{ id: string; ext: string; kind: MediaKind; filename: string | null }>>(
    `select "id", "ext", "kind", "filename" from "media" where "private" = true and "id" in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [mediaUrl(r), { url: mediaUrl(r), kind: r.kind, filename: r.filename }]));
}

/**
 * Stores a file another feature made (a sealed contract's PDF) as a private upload, served under /private-media after
 * the owner's access check; returns its upload URL. In the caller's transaction, when there is one.
 */
export async function storePrivateFile(
  em: EntityManager,
  file: { bytes: Buffer; kind: Exclude<MediaKind, 'video'>; mime: string; ext: string; filename: string },
): Promise<string> {
  const stored = await storeMedia(em, {
    kind: file.kind,
    mime: file.mime,
    ext: file.ext,
    bytes: file.bytes,
    width: null,
    height: null,
    filename: file.filename.slice(0, 200),
    private: true,
  });
  return mediaUrl(stored);
}
