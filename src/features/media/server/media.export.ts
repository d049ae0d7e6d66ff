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

/**
 * Photos and documents read together up to this many bytes a query: one query per file cost 50,000 queries at N = 100
 * (their garbage, promoted while the zip is written, let the server's heap reach +300 MB); a group bounds what is held.
 */
const GROUP_BYTES = 4 * 1024 * 1024;

interface Listed {
  id: string;
  ext: string;
  kind: string;
  size: number;
  /** Stored in pieces (a video): read piece by piece. */
  chunked: boolean;
}

/** Groups of consecutive small files up to GROUP_BYTES (a file larger than that, or a video, alone). */
function groups(rows: Listed[]): Listed[][] {
  const out: Listed[][] = [];
  let group: Listed[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (row.chunked || (group.length > 0 && bytes + row.size > GROUP_BYTES)) {
      if (group.length) out.push(group);
      group = [];
      bytes = 0;
    }
    group.push(row);
    bytes += row.size;
    if (row.chunked) {
      out.push(group);
      group = [];
      bytes = 0;
    }
  }
  if (group.length) out.push(group);
  return out;
}

export const mediaFilesExport: ExportFileSet = {
  folder: 'media',
  description: 'The originals of every photo, video and document, named media/<id>.<ext> (one per row of media.csv).',
  list: async (em, last, limit) => {
    const [where, params] = AFTER(last ? String(last.key) : null);
    const rows = await em.execute<Listed[]>(
      `select "id", "ext", "kind", "size", "bytes" is null as "chunked" from "media" ${where} order by "id" limit ?`,
      [...params, limit],
    );
    const files: ExportFile[] = [];
    for (const group of groups(rows.map((r) => ({ ...r, size: Number(r.size) })))) {
      // A group's bytes are read when its first file's turn comes, and each file's are let go once handed over.
      let loaded: Promise<Map<string, Buffer>> | null = null;
      const load = () =>
        (loaded ??= em
          .execute<{ id: string; b: string }[]>(
            `select "id", encode("bytes", 'base64') as "b" from "media" where "id" in (${group.map(() => '?::uuid').join(', ')}) and "bytes" is not null`,
            group.map((g) => g.id),
          )
          .then((found) => new Map(found.map((f) => [f.id, Buffer.from(f.b, 'base64')]))));
      for (const file of group) {
        files.push({
          key: file.id,
          path: filePath(file),
          // Photos and videos are compressed already: deflating them again costs time for nothing.
          compressed: file.kind !== 'document',
          open: async () => {
            if (file.chunked) return openMediaBytes(em, file.id);
            const bytes = await load();
            const mine = bytes.get(file.id) ?? null;
            bytes.delete(file.id);
            return mine;
          },
        });
      }
    }
    return files;
  },
};
