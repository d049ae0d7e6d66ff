// An import from upload to undo (issue 49, decision 160): the file is read and previewed against the database with
// nothing written; the commit reads it again with the mapping and writes every passing row in one transaction,
// noting each record it wrote; the undo puts those records back while nothing else has touched them.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { toCsv } from '../../../lib/server/csv.ts';
import { linkKey } from '../../../lib/server/signed-token.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import {
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ERRORS,
  IMPORT_PREVIEW_ROWS,
  IMPORTS_PATH,
  type ImportErrorDto,
  type ImportKind,
  type ImportMapping,
  type ImportPreviewDto,
  type ImportProgressDto,
  type ImportResultDto,
} from '../imports.schema.ts';
import { ImportBatch, ImportItem, type IImportBatch } from './import.entity.ts';
import type { ImportKindHandler, Planned, RowIn, WriteContext } from './kind.ts';
import { readSpreadsheet, type SheetText } from './read-file.ts';
import { subscribersKind } from './subscribers.kind.ts';
import { dogsKind } from './dogs.kind.ts';
import { familiesKind } from './families.kind.ts';
import { littersKind } from './litters.kind.ts';
import { undoItems } from './undo.ts';

const KINDS: Record<ImportKind, ImportKindHandler<never>> = {
  subscribers: subscribersKind as ImportKindHandler<never>,
  dogs: dogsKind as ImportKindHandler<never>,
  families: familiesKind as ImportKindHandler<never>,
  litters: littersKind as ImportKindHandler<never>,
};

/** A preview not committed within a day is forgotten (its file with it). */
const PREVIEW_KEPT_MS = 24 * 60 * 60_000;

/** Commits under way in this process: rows written of rows to write, for the progress bar. */
const progress = new Map<string, { done: number; total: number }>();

function checkMapping(kind: ImportKind, columns: readonly string[], mapping: ImportMapping): ImportMapping {
  const fields = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  const out: ImportMapping = {};
  const used = new Set<string>();
  const fieldErrors: Record<string, string[]> = {};
  for (const column of columns) {
    const key = mapping[column] ?? null;
    if (key !== null && !fields.has(key)) fieldErrors[column] = [`“${key}” is not a field of this kind of import.`];
    else if (key !== null && used.has(key)) fieldErrors[column] = ['Another column is matched to this field already.'];
    if (key !== null) used.add(key);
    out[column] = key;
  }
  for (const column of Object.keys(mapping)) if (!columns.includes(column)) fieldErrors[column] = ['The file has no such column.'];
  for (const f of IMPORT_FIELDS[kind])
    if (f.required && !used.has(f.key)) fieldErrors[f.key] = [`Choose the column that holds “${f.label}”.`];
  if (Object.keys(fieldErrors).length) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.mapping, fieldErrors);
  return out;
}

function mapRows(sheet: SheetText, mapping: ImportMapping): RowIn[] {
  const index = sheet.columns.flatMap((c, i) => (mapping[c] ? [[mapping[c], i] as const] : []));
  return sheet.rows.map((r) => ({ line: r.line, values: Object.fromEntries(index.map(([key, i]) => [key, r.cells[i] ?? ''])) }));
}

async function planFile(em: EntityManager, kind: ImportKind, sheet: SheetText, mapping: ImportMapping) {
  // A required field without a column fails every row with one sentence, not the whole preview.
  return KINDS[kind].plan(em, mapRows(sheet, mapping)) as Promise<Planned<unknown>[]>;
}

function previewDto(batch: IImportBatch, planned: Planned<unknown>[]): ImportPreviewDto {
  const failing = planned.filter((p) => p.errors.length && p.action !== 'skip');
  const errors = planned.flatMap((p) => p.errors).slice(0, IMPORT_PREVIEW_ERRORS);
  return {
    id: batch.id,
    kind: batch.kind,
    fileName: batch.fileName,
    columns: batch.columns,
    mapping: batch.mapping,
    total: batch.total,
    rows: planned
      .filter((p) => !p.errors.length && p.action && p.action !== 'skip')
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((p) => ({ row: p.line, action: p.action as 'create' | 'update' | 'unchanged', values: p.shown })),
    errors,
    failing: failing.length,
    status: batch.status,
  };
}

export async function previewUpload(
  em: EntityManager,
  input: { kind: ImportKind; bytes: Buffer; fileName: string; userId: number },
): Promise<ImportPreviewDto> {
  const sheet = await readSpreadsheet(input.bytes, input.fileName);
  const mapping = guessMapping(input.kind, sheet.columns);
  const batch = em.create(ImportBatch, {
    id: randomBytes(16).toString('hex'),
    kind: input.kind,
    status: 'preview',
    fileName: input.fileName.slice(0, 200) || 'import',
    file: input.bytes,
    columns: sheet.columns,
    mapping,
    total: sheet.rows.length,
    createdBy: input.userId,
    createdAt: new Date(),
  });
  const planned = await planFile(em, input.kind, sheet, mapping);
  await em.flush();
  await forgetOldPreviews(em);
  return previewDto(batch, planned);
}

async function batchOf(em: EntityManager, id: string, withFile = false): Promise<IImportBatch> {
  const batch = /^[0-9a-f]{32}$/.test(id) ? await em.findOne(ImportBatch, id, withFile ? { populate: ['file', 'failures'] } : {}) : null;
  if (!batch) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
  return batch;
}

/** The preview again with another mapping (the breeder chose a column for a field). */
export async function previewAgain(em: EntityManager, id: string, mapping: ImportMapping): Promise<ImportPreviewDto> {
  const batch = await batchOf(em, id, true);
  if (batch.status !== 'preview')
    throw new AppError('CONFLICT', batch.status === 'undone' ? IMPORT_MESSAGES.undone : IMPORT_MESSAGES.committed);
  if (!batch.file) throw new AppError('CONFLICT', IMPORT_MESSAGES.expired);
  batch.mapping = checkMapping(batch.kind, batch.columns, { ...batch.mapping, ...mapping });
  const sheet = await readSpreadsheet(Buffer.from(batch.file), batch.fileName);
  const planned = await planFile(em, batch.kind, sheet, batch.mapping);
  await em.flush();
  return previewDto(batch, planned);
}

export function resultDto(batch: IImportBatch): ImportResultDto {
  return {
    id: batch.id,
    kind: batch.kind,
    status: batch.status,
    created: batch.created,
    updated: batch.updated,
    skipped: batch.skipped,
    failed: batch.failed,
    failedRowsUrl: batch.failed > 0 ? `${IMPORTS_PATH}/${batch.id}/failed-rows.csv` : null,
  };
}

export async function importProgress(em: EntityManager, id: string): Promise<ImportProgressDto> {
  const running = progress.get(id);
  if (running) return { id, status: 'committing', ...running };
  const batch = await batchOf(em, id);
  return { id, status: batch.status, done: batch.status === 'preview' ? 0 : batch.total, total: batch.total };
}

/**
 * Writes every row that passes, in one transaction: a failure part-way leaves nothing written. Rows that fail are
 * counted and kept (as they were in the file, with why) for the failed-rows CSV.
 */
export async function commitImport(
  em: EntityManager,
  services: Pick<AppServices, 'mail' | 'env'>,
  id: string,
  mapping: ImportMapping | undefined,
): Promise<ImportResultDto> {
  const batch = await batchOf(em, id, true);
  if (batch.status === 'committing' || progress.has(id)) throw new AppError('CONFLICT', IMPORT_MESSAGES.busy);
  if (batch.status !== 'preview')
    throw new AppError('CONFLICT', batch.status === 'undone' ? IMPORT_MESSAGES.undone : IMPORT_MESSAGES.committed);
  if (!batch.file) throw new AppError('CONFLICT', IMPORT_MESSAGES.expired);
  const finalMapping = checkMapping(batch.kind, batch.columns, mapping ? { ...batch.mapping, ...mapping } : batch.mapping);
  const sheet = await readSpreadsheet(Buffer.from(batch.file), batch.fileName);
  // The link-signing key is read outside any transaction (a confirmation e-mail's link needs it): read it first.
  if (batch.kind === 'subscribers') await linkKey(em);
  progress.set(id, { done: 0, total: sheet.rows.length });
  try {
    await em.transactional(async (tx) => {
      // One commit per batch, even from two tabs or two instances: the second finds it no longer a preview.
      const [claimed] = await tx.execute<{ id: string }[]>(
        `update "import_batches" set "status" = 'committing' where "id" = ? and "status" = 'preview' returning "id"`,
        [id],
      );
      if (!claimed) throw new AppError('CONFLICT', IMPORT_MESSAGES.busy);
      const planned = await planFile(tx, batch.kind, sheet, finalMapping);
      const passing = planned.filter((p) => !p.errors.length && (p.action === 'create' || p.action === 'update'));
      let seq = 0;
      let items: unknown[][] = [];
      const writeItems = async () => {
        for (let i = 0; i < items.length; i += 1000) {
          const chunk = items.slice(i, i + 1000);
          await tx.execute(
            `insert into "import_items" ("batch_id", "entity", "entity_id", "action", "before", "after", "seq") values ${chunk.map(() => '(?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)').join(', ')}`,
            chunk.flat(),
          );
        }
        items = [];
      };
      const ctx: WriteContext = {
        em: tx,
        services,
        fileName: batch.fileName,
        batchId: batch.id,
        state: {},
        // Items are written by one statement per thousand, not as managed entities: tens of thousands of them would
        // make every later flush compare them all.
        record: (entity, entityId, action, after, before) => {
          items.push([batch.id, entity, entityId, action, before ? JSON.stringify(before) : null, JSON.stringify(after), seq++]);
        },
        progress: (done) => progress.set(id, { done: Math.min(done, sheet.rows.length), total: sheet.rows.length }),
      };
      // Written in slices, so the progress bar moves and one flush never holds every row's objects at once.
      const SLICE = 2000;
      for (let i = 0; i < passing.length; i += SLICE) {
        const slice = passing.slice(i, i + SLICE);
        await KINDS[batch.kind].write({ ...ctx, progress: (n) => ctx.progress(i + n) }, slice as Planned<never>[]);
        await tx.flush();
        await writeItems();
        // What a slice wrote is not needed by the next: forgotten, so a flush compares only its own slice's records.
        if (KINDS[batch.kind].clearsBetweenSlices) tx.clear();
      }
      await KINDS[batch.kind].finish?.(ctx);
      await tx.flush();
      await writeItems();
      const failedRows = planned.filter((p) => p.errors.length && p.action !== 'skip');
      const cells = new Map(sheet.rows.map((r) => [r.line, r.cells]));
      const row = await tx.findOneOrFail(ImportBatch, id);
      Object.assign(row, {
        status: 'committed',
        mapping: finalMapping,
        created: passing.filter((p) => p.action === 'create').length,
        updated: passing.filter((p) => p.action === 'update').length,
        skipped: planned.filter((p) => p.action === 'unchanged' || p.action === 'skip').length,
        failed: failedRows.length,
        failures: failedRows.map((p) => ({ row: p.line, cells: cells.get(p.line) ?? [], reasons: p.errors })),
        file: null,
        committedAt: new Date(),
      });
      await tx.flush();
    });
  } finally {
    progress.delete(id);
  }
  em.clear();
  return resultDto(await batchOf(em, id));
}

export async function importResult(em: EntityManager, id: string): Promise<ImportResultDto> {
  return resultDto(await batchOf(em, id));
}

/** The rows that failed, as they were in the file, with a `reason` column: fixed and imported again. */
export async function failedRowsCsv(em: EntityManager, id: string): Promise<{ csv: string; fileName: string }> {
  const batch = await batchOf(em, id, true);
  const failures = batch.failures ?? [];
  const reason = (errors: ImportErrorDto[]) => errors.map((e) => e.message).join(' ');
  const csv = toCsv(
    [...batch.columns, 'reason'],
    failures.map((f) => [...batch.columns.map((_c, i) => f.cells[i] ?? ''), reason(f.reasons)]),
  );
  return { csv, fileName: `${batch.fileName.replace(/\.(csv|xlsx)$/i, '')}-failed-rows.csv`.replace(/[^\w .-]+/g, '_') };
}

/** Undoes a committed import whole, or refuses (409) with why while anything else has touched its records. */
export async function undoImport(em: EntityManager, id: string): Promise<ImportResultDto> {
  const batch = await batchOf(em, id);
  if (batch.status === 'undone') throw new AppError('CONFLICT', IMPORT_MESSAGES.undone);
  if (batch.status === 'committing') throw new AppError('CONFLICT', IMPORT_MESSAGES.busy);
  if (batch.status !== 'committed') throw new AppError('CONFLICT', IMPORT_MESSAGES.notCommitted);
  await em.transactional(async (tx) => {
    const items = await tx.find(ImportItem, { batch: id }, { orderBy: { seq: 'desc' } });
    // A later import that is still in place wrote some of the same records: it is undone first.
    const [later] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as "n" from "import_items" o join "import_batches" b on b."id" = o."batch_id"
        where b."status" = 'committed' and b."id" <> ? and b."committed_at" > ?
          and exists (select 1 from "import_items" m where m."batch_id" = ? and m."entity" = o."entity" and m."entity_id" = o."entity_id")`,
      [id, batch.committedAt, id],
    );
    if (later && later.n > 0) throw new AppError('CONFLICT', IMPORT_MESSAGES.undoLater);
    await undoItems(tx, items);
    const row = await tx.findOneOrFail(ImportBatch, id);
    row.status = 'undone';
    row.undoneAt = new Date();
    await tx.flush();
  });
  em.clear();
  return resultDto(await batchOf(em, id));
}

async function forgetOldPreviews(em: EntityManager) {
  await em.nativeDelete(ImportBatch, { status: 'preview', createdAt: { $lt: new Date(Date.now() - PREVIEW_KEPT_MS) } });
}
