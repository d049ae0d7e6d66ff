// What every kind of import provides: reading its rows against the database (the preview and, again, the commit) and
// writing the rows that passed, recording each record it touched so the batch can be undone.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../../lib/server/trpc.ts';
import type { ImportErrorDto } from '../imports.schema.ts';

export interface RowIn {
  line: number;
  /** Field key → the cell's text (fields without a column are absent). */
  values: Record<string, string>;
}

export interface Planned<V> {
  line: number;
  value?: V;
  /** create / update / unchanged for a row that passes; skip for one left alone on purpose (with why in `errors`). */
  action?: 'create' | 'update' | 'unchanged' | 'skip';
  /** The row as it will be stored, field by field, as text (the preview's table). */
  shown: Record<string, string>;
  errors: ImportErrorDto[];
}

export interface WriteContext {
  em: EntityManager;
  services: Pick<AppServices, 'mail' | 'env'>;
  fileName: string;
  /** Notes a record written: created, or updated from `before`; `after` is what the import made it. */
  record(entity: string, id: number, action: 'created' | 'updated', after: Record<string, unknown>, before?: Record<string, unknown>): void;
  /** Rows written so far (the progress bar). */
  progress(done: number): void;
  /** Kept across the slices of one commit (what `finish` completes). */
  state: Record<string, unknown>;
  batchId: string;
}

export interface ImportKindHandler<V = unknown> {
  plan(em: EntityManager, rows: RowIn[]): Promise<Planned<V>[]>;
  /** Writes the rows that pass and change something (created or updated), in file order. */
  write(ctx: WriteContext, rows: Planned<V>[]): Promise<void>;
  /** The unit of work may be cleared after each slice: `write` reloads the existing records it changes. */
  clearsBetweenSlices?: boolean;
  /** After every slice is written (e.g. each waitlist rewritten once). */
  finish?(ctx: WriteContext): Promise<void>;
}

/** A field's cell, trimmed ('' when the field has no column). */
export const cell = (row: RowIn, key: string) => (row.values[key] ?? '').trim();

/** Collects a row's field errors while its value is built. */
export class RowCheck {
  readonly errors: ImportErrorDto[] = [];
  readonly line: number;
  constructor(line: number) {
    this.line = line;
  }
  take<T>(field: string, read: { ok: true; value: T } | { ok: false; message: string }): T | undefined {
    if (read.ok) return read.value;
    this.errors.push({ row: this.line, field, message: read.message });
    return undefined;
  }
  fail(field: string, message: string) {
    this.errors.push({ row: this.line, field, message });
  }
}

/** Marks every row after the first with the same natural key as a duplicate inside the file. */
export function markDuplicates<P extends Planned<unknown>>(
  rows: P[],
  keyOf: (p: P) => string | null,
  field: string,
  what: (key: string) => string,
) {
  const first = new Map<string, number>();
  for (const p of rows) {
    const key = keyOf(p);
    if (key === null) continue;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, p.line);
    else p.errors.push({ row: p.line, field, message: `${what(key)} is already on row ${seen} of this file.` });
  }
}

/** A value as a snapshot holds it (so a record read back compares equal to what was written). */
export function snapValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'id' in (v as object)) return (v as { id: unknown }).id;
  return v;
}

export function snapshot(entity: object, fields: readonly string[]): Record<string, unknown> {
  const e = entity as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, snapValue(e[f])]));
}

/** The fields whose snapshots differ. */
export const changedFields = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(b).filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null));
