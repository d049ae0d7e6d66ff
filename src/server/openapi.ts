// The OpenAPI 3.1 document of every /api path, generated from the route tables' zod schemas.
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import type { RestEndpoint } from '../lib/server/rest.ts';
import { z } from 'zod';
import { ApiErrorSchema } from '../lib/shared/api-error.ts';
import { MEDIA_KINDS } from '../features/media/media.schema.ts';
import { importsOpenApiPaths } from '../features/imports/server/imports.openapi.ts';

const STATUS_TEXT: Record<number, string> = {
  301: 'Moved permanently: the Location header holds the current address',
  400: 'Invalid input: the message says why, fieldErrors names each invalid field',
  401: 'Not signed in',
  403: 'Signed in, but not allowed (an administrator is needed)',
  404: 'Not found',
  409: 'Conflicts with an existing record',
  413: 'The file is larger than its kind allows',
  415: 'Unsupported media type',
  429: 'Too many requests: try again later (Retry-After)',
  500: 'Unexpected server error (details are logged, never sent)',
  503: 'The database is unavailable for a moment: retry after Retry-After seconds',
};

const ACCESS_TEXT = {
  public: 'Anyone may call it.',
  'signed-in': 'Needs a signed-in user (the session cookie from /api/login).',
  admin: 'Needs a signed-in administrator (401 without a session, 403 for other users).',
} as const;

/** Fastify's `/api/blog/:slug` as OpenAPI's `/api/blog/{slug}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function operation(endpoint: RestEndpoint): ZodOpenApiOperationObject {
  const { doc } = endpoint;
  const access = doc.access ?? 'public';
  const error = { content: { 'application/json': { schema: ApiErrorSchema } } };
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [String(endpoint.status)]:
      doc.response === 'csv'
        ? { description: 'A CSV file (UTF-8 with a byte-order mark)', content: { 'text/csv': { schema: { type: 'string' as const } } } }
        : doc.response === 'calendar'
          ? { description: 'An iCalendar file (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' as const } } } }
          : doc.response === 'zip'
            ? {
                description: 'A zip file, streamed as it is written',
                content: { 'application/zip': { schema: { type: 'string' as const, format: 'binary' } } },
              }
            : { description: 'Success', content: { 'application/json': { schema: doc.response } } },
  };
  for (const status of [...(doc.errors ?? []), 500, 503]) {
    responses[String(status)] =
      status === 301
        ? { description: STATUS_TEXT[301]!, headers: { Location: { schema: { type: 'string' } } } }
        : { description: STATUS_TEXT[status] ?? 'Error', ...error };
  }
  return {
    operationId: `${endpoint.method.toLowerCase()}${openApiPath(endpoint.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: doc.summary,
    description: [doc.description, ACCESS_TEXT[access]].filter(Boolean).join('\n\n'),
    tags: [doc.tag],
    ...(access === 'public' ? { security: [] } : { security: [{ session: [] }] }),
    ...(doc.params || doc.query
      ? { requestParams: { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: doc.query } : {}) } }
      : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: doc.body } } } } : {}),
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
}

const errorAnswer = (status: number): ZodOpenApiResponseObject => ({
  description: STATUS_TEXT[status] ?? 'Error',
  content: { 'application/json': { schema: ApiErrorSchema } },
});

const UploadedMediaSchema = z
  .object({
    id: z.string().describe('The media id (hex)'),
    url: z.string().describe('Where the file is served: /uploads/<id>.<ext>, with ?w= for a width of the ladder'),
    mime: z.string(),
    width: z.number().int().nullable().describe('Pixels; null for videos and documents'),
    height: z.number().int().nullable(),
    filename: z.string().nullable().describe("The uploaded file's own name, kept for documents"),
    size: z.number().int().describe('Bytes stored'),
  })
  .strict()
  .meta({ id: 'UploadedMedia' });

/**
 * The two paths that are not route-table adapters (they read multipart and form bodies themselves):
 * the admin upload and RFC 8058 one-click unsubscribe.
 */
const streamedPaths: ZodOpenApiPathsObject = {
  '/api/admin/media': {
    post: {
      operationId: 'postApiAdminMedia',
      summary: 'Upload a photo, video or PDF',
      description: [
        'A multipart/form-data body with one file in the field `file`. The content decides the type (the name is ignored): ' +
          'photos are turned upright, stripped of every metadata field (GPS included) and capped at 4096 px; videos lose their ' +
          'location; documents must be PDFs. `replaces` names an upload this one replaces (released unless still in use).',
        ACCESS_TEXT.admin,
      ].join('\n\n'),
      tags: ['Media'],
      security: [{ session: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              file: z.string().meta({ format: 'binary' }),
              kind: z.enum(MEDIA_KINDS).optional().describe('What the field uploading it accepts'),
              visibility: z
                .enum(['public', 'private'])
                .optional()
                .describe("private: a family's upload, served only to that family and admins"),
              replaces: z.string().optional().describe('The id of the upload this one replaces'),
            }),
          },
        },
      },
      responses: {
        '201': { description: 'Stored', content: { 'application/json': { schema: UploadedMediaSchema } } },
        ...Object.fromEntries([400, 401, 403, 413, 415, 500, 503].map((status) => [String(status), errorAnswer(status)])),
      } as ZodOpenApiOperationObject['responses'],
    },
  },
  '/api/messages/attachments': {
    post: {
      operationId: 'postApiMessagesAttachments',
      summary: 'Upload a photo or PDF to attach to a message',
      description: [
        'A multipart/form-data body with one file in the field `file`, up to 20 MB. The content decides the type: a photo ' +
          '(stored upright, without metadata) or a PDF. The file is private: served under /private-media only to this ' +
          'family and admins. Pass the answer’s `url` in `attachments` of POST /api/messages.',
        ACCESS_TEXT['signed-in'],
      ].join('\n\n'),
      tags: ['Messages'],
      security: [{ session: [] }],
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } },
      },
      responses: {
        '201': {
          description: 'Stored',
          content: {
            'application/json': {
              schema: z
                .object({
                  url: z.string().describe('The upload, for attachments: /uploads/<id>.<ext>'),
                  previewUrl: z.string().describe('Where this family reads it: /private-media/<id>.<ext>'),
                  kind: z.enum(['photo', 'pdf']),
                  name: z.string().nullable(),
                })
                .strict()
                .meta({ id: 'MessageUpload' }),
            },
          },
        },
        ...Object.fromEntries([400, 401, 403, 413, 415, 429, 500, 503].map((status) => [String(status), errorAnswer(status)])),
      } as ZodOpenApiOperationObject['responses'],
    },
  },
  '/unsubscribe': {
    post: {
      operationId: 'postUnsubscribeOneClick',
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        'What mail providers call from the List-Unsubscribe header: the token is in the address, the body says only ' +
        '`List-Unsubscribe=One-Click`. Form-encoded and accepted from any site, unlike every other state-changing request. ' +
        ACCESS_TEXT.public,
      tags: ['Subscribers'],
      security: [],
      requestParams: { query: z.object({ token: z.string().describe('The unsubscribe token from the e-mail') }) },
      requestBody: {
        required: false,
        content: { 'application/x-www-form-urlencoded': { schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }) } },
      },
      responses: {
        '200': {
          description: 'Unsubscribed',
          content: { 'application/json': { schema: z.object({ ok: z.literal(true), message: z.string() }) } },
        },
        ...Object.fromEntries([400, 429, 500, 503].map((status) => [String(status), errorAnswer(status)])),
      } as ZodOpenApiOperationObject['responses'],
    },
  },
};

export function buildOpenApiDocument(endpoints: RestEndpoint[], origin: string) {
  const paths: ZodOpenApiPathsObject = { ...streamedPaths, ...importsOpenApiPaths };
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.url);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Mini Goldendoodle breeder API',
      version: '1.0.0',
      description:
        'The REST paths of the site. Every path calls the same procedure as the site itself. Errors answer ' +
        '{ message, fieldErrors? }. State-changing requests must be JSON and same-origin (Origin or Sec-Fetch-Site).',
    },
    servers: [{ url: origin }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by /api/login' } },
    },
    paths,
  });
}
