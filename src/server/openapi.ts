// The OpenAPI 3.1 document of every /api path, generated from the route tables' zod schemas.
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import type { RestEndpoint } from '../lib/server/rest.ts';
import { ApiErrorSchema } from '../lib/shared/api-error.ts';

const STATUS_TEXT: Record<number, string> = {
  301: 'Moved permanently: the Location header holds the current address',
  400: 'Invalid input: the message says why, fieldErrors names each invalid field',
  401: 'Not signed in',
  403: 'Signed in, but not allowed (an administrator is needed)',
  404: 'Not found',
  409: 'Conflicts with an existing record',
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
    ...(doc.params || doc.query ? { requestParams: { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: doc.query } : {}) } } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: doc.body } } } } : {}),
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
}

export function buildOpenApiDocument(endpoints: RestEndpoint[], origin: string) {
  const paths: ZodOpenApiPathsObject = {};
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
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by /api/login' } } },
    paths,
  });
}
