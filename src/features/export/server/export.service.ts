// The full export (issue 49): one zip, streamed as it is written, with a CSV per kind of record, the stored files and
// manifest.json describing every file's columns. Knows no feature: the app passes the tables and file sets
// (src/server/export-sources.ts). Memory stays that of one batch of rows or one piece of one file, whatever the site's size.
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { EntityManager } from '@mikro-orm/postgresql';
import { csvRows, toCsv } from '../../../lib/server/csv.ts';
import type { ExportFile, ExportFileSet, ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { EXPORT_FORMAT, type ExportManifest } from '../export.schema.ts';

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

/** The file's name the browser saves, with the day: "goldendoodle-export-2026-12-07.zip". */
export const exportFileName = (now: Date) => `goldendoodle-export-${now.toISOString().slice(0, 10)}.zip`;

/** One table as CSV bytes, a batch at a time; `counted` learns the number of rows once the last batch is read. */
function tableCsv(em: EntityManager, table: ExportTable, batch: number, counted: (rows: number) => void): Readable {
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
  return Readable.from(lines(), { objectMode: false });
}

/** A stored file's pieces as a stream (a file that went away since it was listed yields nothing and is skipped). */
function fileBytes(pieces: AsyncIterable<Buffer>): Readable {
  return Readable.from(pieces, { objectMode: false });
}

/**
 * The zip as a stream. Nothing is read before the stream is: the archive starts with the first read and each entry
 * is handed to the archive only when the previous one is written, so a client that reads slowly (or goes away) holds
 * the database reads back instead of filling memory. manifest.json comes last, with the row counts.
 */
export function exportZip(em: EntityManager, sources: ExportSources, options: ExportOptions = {}): Readable {
  const batch = options.batch ?? EXPORT_BATCH;
  const fileBatch = options.fileBatch ?? FILE_BATCH;
  const now = options.now ?? new Date();

  async function* zip(): AsyncGenerator<Buffer> {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    let stopped = false;
    let failure: unknown = null;
    const waiting: { reject: ((error: unknown) => void) | null } = { reject: null };
    archive.on('error', (error) => {
      failure ??= error;
      waiting.reject?.(error);
    });

    /** Appends one entry and waits until the archive has written it (one entry in flight at a time). */
    const add = (source: Readable | Buffer, name: string, store = false) =>
      new Promise<void>((resolve, reject) => {
        if (stopped) return reject(new Error('export stopped'));
        waiting.reject = reject;
        const onEntry = (entry: { name: string }) => {
          if (entry.name !== name) return;
          archive.off('entry', onEntry);
          waiting.reject = null;
          resolve();
        };
        archive.on('entry', onEntry);
        archive.append(source, { name, date: now, store });
      });

    const write = async () => {
      const manifest: ExportManifest = {
        format: EXPORT_FORMAT,
        exportedAt: now.toISOString(),
        files: [],
        folders: [],
      };
      for (const table of sources.tables) {
        let rows = 0;
        await add(
          tableCsv(em, table, batch, (n) => (rows = n)),
          table.file,
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
            if (bytes) {
              await add(Buffer.isBuffer(bytes) ? bytes : fileBytes(bytes), file.path, file.compressed === true);
              files++;
            }
          }
          if (listed.length < fileBatch) break;
          last = listed[listed.length - 1]!;
        }
        manifest.folders.push({ path: `${set.folder}/`, description: set.description, files });
      }
      await add(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json');
      await archive.finalize();
    };

    const writing = write().catch((error: unknown) => {
      if (stopped) return;
      failure ??= error;
      options.log?.error({ err: error }, 'the full export failed mid-way');
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    try {
      // The archive emits a few small chunks per file (header, bytes): 50,000 photos were over 100,000 writes to the
      // socket, each with its chunk framing. Sent in pieces of OUT_BYTES instead.
      let pending: Buffer[] = [];
      let size = 0;
      for await (const chunk of archive) {
        pending.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= OUT_BYTES) {
          yield pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
          pending = [];
          size = 0;
        }
      }
      if (size > 0) yield Buffer.concat(pending, size);
    } finally {
      // The reader went away (or the archive failed): stop handing it entries.
      stopped = true;
      waiting.reject?.(new Error('export stopped'));
      archive.abort();
    }
    await writing;
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return Readable.from(zip(), { objectMode: false });
}
