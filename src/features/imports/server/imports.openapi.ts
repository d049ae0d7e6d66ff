// The import paths in /api/openapi.json: they read a multipart body or answer a file, so they are described here, not
// derived from a route table (src/server/openapi.ts merges them in).
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { ApiErrorSchema } from '../../../lib/shared/api-error.ts';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_STATUSES, IMPORTS_PATH } from '../imports.schema.ts';

const ADMIN = 'Needs a signed-in administrator (401 without a session, 403 for other users).';

const error = (description: string): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema: ApiErrorSchema } },
});
const ERRORS: Record<number, string> = {
  400: 'Invalid input: the message says why in one sentence (an empty file, a CSV that cannot be read, a bad mapping)',
  401: 'Not signed in',
  403: 'Signed in, but not allowed (an administrator is needed)',
  404: 'No such import',
  409: 'Not now: already committed, being committed, undone, or (undo) refused because something else changed its records',
  413: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB or ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
  415: 'Not a CSV or .xlsx file, or text in an encoding that cannot be read',
  500: 'Unexpected server error (details are logged, never sent)',
  503: 'The database is unavailable for a moment: retry after Retry-After seconds',
};
const errors = (...statuses: number[]) => Object.fromEntries([...statuses, 500, 503].map((s) => [String(s), error(ERRORS[s]!)]));

const Mapping = z
  .record(z.string(), z.string().nullable())
  .describe('Each column title of the file → the field key it fills, or null to leave the column out')
  .meta({ id: 'ImportMapping' });

const Preview = z
  .object({
    id: z.string().describe('The import, for commit and undo'),
    kind: z.enum(IMPORT_KINDS),
    fileName: z.string(),
    columns: z.array(z.string()).describe('The header row, made unique'),
    mapping: Mapping,
    total: z.number().int().describe('Records in the file'),
    rows: z
      .array(
        z.object({
          row: z.number().int().describe('Row number in the file (the header is 1)'),
          action: z.enum(['create', 'update', 'unchanged']),
          values: z.record(z.string(), z.string()).describe('Each field as it will be stored'),
        }),
      )
      .describe('The first rows that pass, as they will be stored'),
    errors: z
      .array(z.object({ row: z.number().int(), field: z.string(), message: z.string() }).strict())
      .describe('Why rows fail (up to 500; `failing` counts them all)'),
    failing: z.number().int(),
    status: z.enum(IMPORT_STATUSES),
  })
  .strict()
  .meta({ id: 'ImportPreview' });

const Result = z
  .object({
    id: z.string(),
    kind: z.enum(IMPORT_KINDS),
    status: z.enum(IMPORT_STATUSES),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int().describe('Rows that changed nothing, or were left alone on purpose'),
    failed: z.number().int(),
    failedRowsUrl: z.string().nullable().describe('The failed rows as CSV with a `reason` column'),
  })
  .strict()
  .meta({ id: 'ImportResult' });

const Progress = z
  .object({ id: z.string(), status: z.enum(IMPORT_STATUSES), done: z.number().int(), total: z.number().int() })
  .strict()
  .meta({ id: 'ImportProgress' });

const idParam = { path: z.object({ id: z.string().describe('The import’s id from the upload') }) };
const ok = (description: string, schema: z.ZodType): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});
const op = (o: Omit<ZodOpenApiOperationObject, 'tags' | 'security'>): ZodOpenApiOperationObject => ({
  tags: ['Imports'],
  security: [{ session: [] }],
  ...o,
  description: `${o.description ?? ''}\n\n${ADMIN}`.trim(),
});

export const importsOpenApiPaths: ZodOpenApiPathsObject = {
  [IMPORTS_PATH]: {
    post: op({
      operationId: 'postApiAdminImports',
      summary: 'Upload a spreadsheet and preview its import',
      description:
        'A multipart/form-data body with the file in `file` (CSV in UTF-8, UTF-8 with a BOM, UTF-16 with a BOM or Latin-1/Windows-1252, ' +
        'comma, semicolon or tab separated; or .xlsx, its first sheet, formulas read as the value they showed, never evaluated) ' +
        '`kind` names what it holds. Nothing is written but the preview: columns matched to fields by name, the first rows as ' +
        'they will be stored, and every failing row with why.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({ kind: z.enum(IMPORT_KINDS), file: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
      responses: { '201': ok('The preview', Preview), ...errors(400, 401, 403, 413, 415) } as ZodOpenApiOperationObject['responses'],
    }),
  },
  [`${IMPORTS_PATH}/{id}`]: {
    get: op({
      operationId: 'getApiAdminImportsId',
      summary: 'An import’s status, and a commit’s progress',
      requestParams: idParam,
      responses: {
        '200': ok('Rows written of rows to write', Progress),
        ...errors(401, 403, 404),
      } as ZodOpenApiOperationObject['responses'],
    }),
    delete: op({
      operationId: 'deleteApiAdminImportsId',
      summary: 'Undo a committed import, whole',
      description:
        'Deletes what it created and gives what it updated its old values back, in one transaction. Refused (409, with the first ' +
        'record in the way named) while anything else has touched its records since: an edit, a confirmed subscription, a payment ' +
        'or booking hanging on a family it created, a later import of the same records (undo that one first).',
      requestParams: idParam,
      responses: { '200': ok('Undone', Result), ...errors(401, 403, 404, 409) } as ZodOpenApiOperationObject['responses'],
    }),
  },
  [`${IMPORTS_PATH}/{id}/preview`]: {
    post: op({
      operationId: 'postApiAdminImportsIdPreview',
      summary: 'Preview again with columns matched differently',
      requestParams: idParam,
      requestBody: { required: true, content: { 'application/json': { schema: z.object({ mapping: Mapping }) } } },
      responses: { '200': ok('The preview', Preview), ...errors(400, 401, 403, 404, 409) } as ZodOpenApiOperationObject['responses'],
    }),
  },
  [`${IMPORTS_PATH}/{id}/commit`]: {
    post: op({
      operationId: 'postApiAdminImportsIdCommit',
      summary: 'Commit an import',
      description:
        'Writes every row that passes in one transaction (nothing is half-imported). Rows are matched by their natural key (e-mail ' +
        'for families and subscribers; registration number, or name and birth date, for dogs): the same file twice changes nothing, ' +
        'a corrected file updates in place. `mapping` (optional) overrides the preview’s.',
      requestParams: idParam,
      requestBody: { required: false, content: { 'application/json': { schema: z.object({ mapping: Mapping.optional() }) } } },
      responses: { '200': ok('Counts', Result), ...errors(400, 401, 403, 404, 409) } as ZodOpenApiOperationObject['responses'],
    }),
  },
  [`${IMPORTS_PATH}/{id}/failed-rows.csv`]: {
    get: op({
      operationId: 'getApiAdminImportsIdFailedRowsCsv',
      summary: 'The rows that failed, to fix and import again',
      description: 'The file’s own columns and a `reason` column (UTF-8 with a byte-order mark).',
      requestParams: idParam,
      responses: {
        '200': { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' as const } } } },
        ...errors(401, 403, 404),
      } as ZodOpenApiOperationObject['responses'],
    }),
  },
};
