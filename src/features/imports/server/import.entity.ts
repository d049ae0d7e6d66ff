// Imports (issue 49): each uploaded file is a batch (kept from preview to commit, with the file itself), and each
// record a commit wrote is an item, with what it was before and what the import made it, so the batch can be undone
// whole while nothing else has touched its records.
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../auth/server/user.entity.ts';
import { IMPORT_KINDS, IMPORT_STATUSES, type ImportErrorDto, type ImportMapping } from '../imports.schema.ts';

export const ImportBatch = defineEntity({
  name: 'ImportBatch',
  tableName: 'import_batches',
  properties: {
    /** Random, so one preview cannot be guessed from another. */
    id: p.string().length(32).primary(),
    kind: p.enum(IMPORT_KINDS),
    status: p.enum(IMPORT_STATUSES).default('preview'),
    fileName: p.string().length(200),
    /** The file as uploaded: the commit reads it again with the mapping it is given. Cleared after the commit. */
    file: p.blob().nullable().lazy(),
    columns: p.json<string[]>(),
    mapping: p.json<ImportMapping>(),
    total: p.integer(),
    created: p.integer().default(0),
    updated: p.integer().default(0),
    skipped: p.integer().default(0),
    failed: p.integer().default(0),
    /** The rows that failed at commit, as they were in the file, with why: the failed-rows CSV. */
    failures: p.json<Array<{ row: number; cells: string[]; reasons: ImportErrorDto[] }>>().nullable().lazy(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    committedAt: p.datetime().nullable(),
    undoneAt: p.datetime().nullable(),
  },
});
export type IImportBatch = InstanceType<typeof ImportBatch.class>;

export const ImportItem = defineEntity({
  name: 'ImportItem',
  tableName: 'import_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    batch: () => p.manyToOne(ImportBatch).deleteRule('cascade').index(),
    /** Which record: an entity name (User, Application, Payment, Subscriber, ParentDog, DogHealthTest) and its id. */
    entity: p.string().length(40),
    entityId: p.integer(),
    action: p.enum(['created', 'updated'] as const),
    /** The written fields as they were before (updates only). */
    before: p.json<Record<string, unknown>>().nullable(),
    /** The written fields as the import left them: undo refuses when a record no longer reads so. */
    after: p.json<Record<string, unknown>>(),
    /** Order of writing: undo goes backwards. */
    seq: p.integer(),
  },
  indexes: [{ name: 'import_items_entity_index', properties: ['entity', 'entityId'] }],
});
export type IImportItem = InstanceType<typeof ImportItem.class>;
