// The contract between the full export (issue 49, features/export) and the features whose records it carries. A
// feature that owns records exposes ExportTables (and, for stored files, ExportFileSets) from its server folder, e.g.
// features/dogs/server/dogs.export.ts; src/server/export-sources.ts lists them and adds the columns that name another
// feature's record (a puppy's litter, a booking's family) through that feature's reads. Features never import each other.
import type { EntityManager } from '@mikro-orm/postgresql';

export type ExportCell = string | number | boolean | null;

/** What a column holds, for whoever reads the export without this site (manifest.json). */
export type ExportColumnType =
  'integer' | 'number' | 'text' | 'boolean' | 'date' | 'timestamp' | 'money' | 'email' | 'url' | 'list' | 'json' | 'file';

export interface ExportColumn {
  /** The CSV header: snake_case, chosen so the import (issue 49) matches it to its field by name. */
  name: string;
  type: ExportColumnType;
  meaning: string;
}

/** One row, by column name. `id` is the keyset the table is read by (ascending). */
export type ExportRow = Record<string, ExportCell> & { id: number | string };

/**
 * One CSV file of the export. `read` answers up to `limit` rows after `last` (null: from the start) in ascending
 * `id`, as plain values: a table of any size is read a batch at a time, never whole.
 */
export interface ExportTable {
  /** The file's name in the zip, e.g. 'dogs.csv'. */
  file: string;
  description: string;
  columns: readonly ExportColumn[];
  read: (em: EntityManager, last: ExportRow | null, limit: number) => Promise<ExportRow[]>;
}

/** A stored file to put in the zip: its path there and its bytes, opened only when its turn comes. */
export interface ExportFile {
  /** The keyset of the set's listing (ascending). */
  key: string | number;
  path: string;
  /**
   * The bytes, whole (a small file) or piece by piece (a video); null when the file went away since it was listed (it is
   * then left out).
   */
  open: () => Promise<Buffer | AsyncIterable<Buffer> | null>;
  /** Already compressed (photos, videos): stored as they are rather than deflated again. */
  compressed?: boolean;
}

/** A folder of stored files (the media originals, the sealed contracts), listed a batch at a time. */
export interface ExportFileSet {
  folder: string;
  description: string;
  list: (em: EntityManager, last: ExportFile | null, limit: number) => Promise<ExportFile[]>;
}

/** A column added from another feature's record: `lookup` answers the added cells for a batch's keys. */
export interface ExportJoin {
  /** The column holding the other record's id (it stays in the file). */
  key: string;
  columns: readonly ExportColumn[];
  lookup: (em: EntityManager, ids: number[]) => Promise<Map<number, Record<string, ExportCell>>>;
}

/** The table with the joined columns placed after their key column, each batch's lookups made in one query per join. */
export function withJoins(table: ExportTable, joins: readonly ExportJoin[]): ExportTable {
  const columns: ExportColumn[] = [];
  for (const column of table.columns) {
    columns.push(column);
    for (const join of joins) if (join.key === column.name) columns.push(...join.columns);
  }
  return {
    ...table,
    columns,
    read: async (em, last, limit) => {
      const rows = await table.read(em, last, limit);
      for (const join of joins) {
        const ids = [...new Set(rows.map((r) => r[join.key]).filter((v): v is number => typeof v === 'number'))];
        const found = ids.length ? await join.lookup(em, ids) : new Map<number, Record<string, ExportCell>>();
        for (const row of rows) {
          const key = row[join.key];
          const cells = typeof key === 'number' ? found.get(key) : undefined;
          for (const column of join.columns) row[column.name] = cells?.[column.name] ?? null;
        }
      }
      return rows;
    },
  };
}

/** An instant as ISO 8601 in UTC (the driver answers Date on PostgreSQL, a string on some paths), null stays null. */
export function isoInstant(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** Integer cents as dollars with two decimals ("1234.50"), the way a spreadsheet and an accountant read money. */
export function dollars(cents: unknown): string | null {
  if (cents === null || cents === undefined) return null;
  const n = Number(cents);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The keyset condition for ascending integer ids: the first id after the last row's. */
export const afterId = (last: ExportRow | null): number => (last ? Number(last.id) : 0);
