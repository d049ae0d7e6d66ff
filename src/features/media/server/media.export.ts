// The media originals in the full export (issue 49): media.csv (one row per stored file) and the files themselves under
// media/<id>.<ext> (the name every /uploads/<id>.<ext> address in the other files points at), listed a batch at a time
// and each read piece by piece when its turn comes, so a video is never held whole.
import type { ExportFile, ExportFileSet, ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { isoInstant } from '../../../lib/server/export.ts';
import { openMediaBytes } from './media-store.ts';

interface MediaRow {
  id: string;
  kind: string;
  mime: string;
  ext: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  filename: string | null;
  private: boolean;
  created_at: Date;
}

const filePath = (m: { id: string; ext: string }) => `media/${m.id}.${m.ext}`;
/** Ids are UUIDs: compared as uuid, the primary key's order. */
const AFTER = (last: string | null) => (last === null ? ['', []] : ['where "id" > ?::uuid', [last]]) as [string, string[]];

export const mediaExport: ExportTable = {
  file: 'media.csv',
  description: 'Every photo, video and document stored on the site, with where its original is in this zip.',
  columns: [
    { name: 'id', type: 'text', meaning: 'The file’s id: /uploads/<id>.<ext> anywhere in the other files is this file.' },
    { name: 'file', type: 'file', meaning: 'The original in this zip (media/<id>.<ext>).' },
    { name: 'url', type: 'text', meaning: 'Its address on the site (/uploads/<id>.<ext>).' },
    { name: 'kind', type: 'text', meaning: 'image, video or document.' },
    { name: 'mime', type: 'text', meaning: 'Media type (image/jpeg, video/mp4, application/pdf…).' },
    { name: 'size', type: 'integer', meaning: 'Bytes.' },
    { name: 'sha256', type: 'text', meaning: 'SHA-256 of the bytes, to check the copy.' },
    { name: 'width', type: 'integer', meaning: 'Pixels across (photos).' },
    { name: 'height', type: 'integer', meaning: 'Pixels down (photos).' },
    { name: 'filename', type: 'text', meaning: 'A document’s own file name, as uploaded.' },
    { name: 'private', type: 'boolean', meaning: 'yes for a family’s or a contract’s file, shown only to that family and the breeder.' },
    { name: 'created_at', type: 'timestamp', meaning: 'When it was uploaded (UTC).' },
  ],
  read: async (em, last, limit) => {
    const [where, params] = AFTER(last ? String(last.id) : null);
    const rows = await em.execute<MediaRow[]>(
      `select "id", "kind", "mime", "ext", "size", "sha256", "width", "height", "filename", "private", "created_at"
       from "media" ${where} order by "id" limit ?`,
      [...params, limit],
    );
    return rows.map((r): ExportRow => ({
      id: r.id,
      file: filePath(r),
      url: `/uploads/${r.id}.${r.ext}`,
      kind: r.kind,
      mime: r.mime,
      size: Number(r.size),
      sha256: r.sha256,
      width: r.width === null ? null : Number(r.width),
      height: r.height === null ? null : Number(r.height),
      filename: r.filename,
      private: r.private ? 'yes' : 'no',
      created_at: isoInstant(r.created_at),
    }));
  },
};

export const mediaFilesExport: ExportFileSet = {
  folder: 'media',
  description: 'The originals of every photo, video and document, named media/<id>.<ext> (one per row of media.csv).',
  list: async (em, last, limit) => {
    const [where, params] = AFTER(last ? String(last.key) : null);
    const rows = await em.execute<{ id: string; ext: string; kind: string }[]>(
      `select "id", "ext", "kind" from "media" ${where} order by "id" limit ?`,
      [...params, limit],
    );
    return rows.map((r): ExportFile => ({
      key: r.id,
      path: filePath(r),
      open: () => openMediaBytes(em, r.id),
      // Photos and videos are compressed already: deflating them again costs time for nothing.
      compressed: r.kind !== 'document',
    }));
  },
};
