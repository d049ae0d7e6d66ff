// CSV exports of the admin lists: cell escaping against spreadsheet formulas, the one stringify setup, and the download headers.
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';
import { stringify } from 'csv-stringify/sync';

/**
 * What starts a formula in Excel, LibreOffice or Numbers: = + - @, a tab or carriage return, and the
 * full-width forms Numbers normalises to them.
 */
const FORMULA_START = /(^|[\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * Spreadsheet formula injection: a cell line starting with a formula character is run as a formula.
 * A leading apostrophe makes it plain text. Every line of the cell counts, not only the first: a
 * spreadsheet that reads "Hi.\n=1+1" as two rows (or a user who splits it) would run the second.
 */
export function escapeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(FORMULA_START, "$1'");
}

/**
 * Header and records as CSV with Windows line ends and a BOM (Excel reads UTF-8 then). Every cell is
 * escaped, and any cell holding a line break is quoted: csv-stringify leaves a bare "\n" unquoted
 * once record_delimiter is set, which starts a new row in the spreadsheet.
 */
export function toCsv(header: readonly string[], records: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return stringify([header.map(escapeCsvCell), ...records.map((r) => r.map(escapeCsvCell))], {
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    quoted_match: /[\r\n]/,
  });
}

/** Records only (no BOM, no header), escaped and delimited as toCsv() does: the rows of a streamed export. */
export function csvRows(records: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  if (records.length === 0) return '';
  return stringify(
    records.map((r) => r.map(escapeCsvCell)),
    { record_delimiter: 'windows', quote_record_delimiter: true, quoted_match: /[\r\n]/ },
  );
}

type Cell = string | number | boolean | null | undefined;

/**
 * Rows read per query while an export streams: memory stays that of one batch, however many rows there are. Smaller
 * batches leave less for the server's small young generation to promote: exporting 100,000 inquiries peaked 35-40 MB
 * over idle with 500 or 1,000 rows a batch, 32-37 MB with 250, in about 4 s either way (decision 133).
 */
export const CSV_BATCH = 250;

/**
 * A CSV download streamed in batches (issue 35): the header (with the BOM), then `read(last)` again and again,
 * `last` being the previous batch's last row (null at first; the reader continues after it, a keyset on the
 * export's order), until a batch comes back shorter than `batch`. The bytes are those of one toCsv() over every row.
 */
export function csvStream<R>(
  header: readonly string[],
  read: (last: R | null, batch: number) => Promise<R[]>,
  record: (row: R) => readonly Cell[],
  batch = CSV_BATCH,
): Readable {
  async function* lines() {
    yield toCsv(header, []);
    let last: R | null = null;
    for (;;) {
      const rows = await read(last, batch);
      if (rows.length === 0) return;
      yield csvRows(rows.map(record));
      last = rows[rows.length - 1]!;
      if (rows.length < batch) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * One batch of an export, newest first after `last`, as plain rows (property names, dates as Date) rather than
 * entities: an entity keeps a snapshot of its data beside it, and at 100,000 inquiries the server's memory peaked
 * 60 MB over idle with them (the scale bench's target is 50), under 40 MB with plain rows.
 */
export function exportBatch<T extends { createdAt: Date; id: number }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: object,
  last: T | null,
  limit: number,
): Promise<T[]> {
  return em
    .fork()
    .createQueryBuilder(entity)
    .select('*')
    .where({ $and: [where, olderThan(last)] } as never)
    .orderBy({ createdAt: 'desc', id: 'desc' } as never)
    .limit(limit)
    .execute('all', true) as Promise<T[]>;
}

/**
 * The keyset filter of an export newest first on (createdAt, id): the rows after `last`. The leading bound on createdAt
 * lets PostgreSQL start its index scan at `last`; without it the scan began at the newest row and filtered its way down,
 * so each batch cost more than the one before (at N = 100, 27 ms for the batch after 80,000 inquiries, 0.5 ms with it).
 */
export function olderThan(last: { createdAt: Date; id: number } | null): Record<string, unknown> {
  return last
    ? {
        createdAt: { $lte: last.createdAt },
        $or: [{ createdAt: { $lt: last.createdAt } }, { createdAt: last.createdAt, id: { $lt: last.id } }],
      }
    : {};
}

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});
