// The full export (issue 49): one zip, streamed as it is written, with a CSV per kind of record, the stored files and
// manifest.json describing every file's columns. Knows no feature: the app passes the tables and file sets
// (src/server/export-sources.ts). Memory stays that of one batch of rows or one piece of one file, whatever the site's size.
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { csvRows, toCsv } from '../../../lib/server/csv.ts';
import type { ExportFile, ExportFileSet, ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { EXPORT_FORMAT, type ExportManifest } from '../export.schema.ts';
import { ZipWriter } from './zip-writer.ts';

export interface ExportSources {
  tables: readonly ExportTable[];
  files: readonly ExportFileSet[];
}

export interface ExportOptions {
  /** Rows read per query (CSV_BATCH's reasoning, lib/server/csv.ts). */
  batch?: number;
  /** Files listed per query. */
  fileBatch?: number;
  now?: Date;
  /** Where a failure mid-way is told (the download then ends broken: the answer's status is already sent). */
  log?: { error: (obj: object, msg: string) => void };
}

export const EXPORT_BATCH = 250;
const FILE_BATCH = 100;
/** Bytes of zip gathered before a write to the response. */
const OUT_BYTES = 64 * 1024;

/** One table as CSV bytes, a batch at a time; `counted` learns the number of rows once the last batch is read. */
function tableCsv(em: EntityManager, table: ExportTable, batch: number, counted: (rows: number) => void): AsyncGenerator<Buffer> {
  const names = table.columns.map((c) => c.name);
  async function* lines() {
    yield Buffer.from(toCsv(names, []));
    let last: ExportRow | null = null;
    let rows = 0;
    for (;;) {
      // A fresh fork per batch: nothing read stays in an identity map between batches.
      const found = await table.read(em.fork(), last, batch);
      if (found.length === 0) break;
      rows += found.length;
      yield Buffer.from(csvRows(found.map((row) => names.map((n) => row[n] ?? null))));
      last = found[found.length - 1]!;
      if (found.length < batch) break;
    }
    counted(rows);
  }
  return lines();
}

/**
 * The zip as a stream. Nothing is read before the stream is: each table batch and each file is read when the response
 * asks for more (an async generator behind Readable.from), so a slow or vanished client holds the database reads back.
 * manifest.json comes last, with the row counts.
 */
export function exportZip(em: EntityManager, sources: ExportSources, options: ExportOptions = {}): Readable {
  const batch = options.batch ?? EXPORT_BATCH;
  const fileBatch = options.fileBatch ?? FILE_BATCH;
  const now = options.now ?? new Date();

  async function* entries(): AsyncGenerator<Buffer> {
    const zip = new ZipWriter();
    const manifest: ExportManifest = { format: EXPORT_FORMAT, exportedAt: now.toISOString(), files: [], folders: [] };
    for (const table of sources.tables) {
      let rows = 0;
      yield* zip.entry(
        table.file,
        tableCsv(em, table, batch, (n) => (rows = n)),
        { date: now },
      );
      manifest.files.push({ path: table.file, description: table.description, rows, columns: table.columns.map((c) => ({ ...c })) });
    }
    for (const set of sources.files) {
      let files = 0;
      let last: ExportFile | null = null;
      for (;;) {
        const listed = await set.list(em.fork(), last, fileBatch);
        for (const file of listed) {
          const bytes = await file.open();
          if (!bytes) continue;
          // Photos and videos are compressed already: deflating them again costs time for nothing.
          yield* zip.entry(file.path, bytes, { date: now, store: file.compressed === true });
          files++;
        }
        if (listed.length < fileBatch) break;
        last = listed[listed.length - 1]!;
      }
      manifest.folders.push({ path: `${set.folder}/`, description: set.description, files });
    }
    yield* zip.entry('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), { date: now });
    yield* zip.finish();
  }

  async function* zipped(): AsyncGenerator<Buffer> {
    // A few small pieces per file (header, bytes, descriptor): sent in pieces of OUT_BYTES rather than one write each.
    let pending: Buffer[] = [];
    let size = 0;
    try {
      for await (const piece of entries()) {
        pending.push(piece);
        size += piece.length;
        if (size >= OUT_BYTES) {
          yield pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
          pending = [];
          size = 0;
        }
      }
      if (size > 0) yield Buffer.concat(pending, size);
    } catch (error) {
      options.log?.error({ err: error }, 'the full export failed mid-way');
      throw error;
    }
  }
  return Readable.from(zipped(), { objectMode: false });
}
