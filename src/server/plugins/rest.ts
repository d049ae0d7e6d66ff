// Registers every REST route table under /api; errors become { message, fieldErrors? }.
import fp from 'fastify-plugin';
import { toApiError } from '../../lib/server/errors.ts';
import type { RestEndpoint } from '../../lib/server/rest.ts';
import { createContext } from '../context.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/server/db-errors.ts';

export default fp<{ endpoints: RestEndpoint[]; isDev: boolean }>(
  async (app, { endpoints, isDev }) => {
    for (const endpoint of endpoints) {
      app.route({
        method: endpoint.method,
        url: endpoint.url,
        ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
        handler: async (request, reply) => {
          try {
            const result = await endpoint.handle(createContext(request, reply), {
              params: (request.params ?? {}) as Record<string, string>,
              query: (request.query ?? {}) as Record<string, string>,
              body: request.body,
            });
            const location = endpoint.movedTo?.(result);
            if (location) return reply.code(301).header('location', location).send({ movedTo: location });
            if (endpoint.headers) reply.headers(endpoint.headers);
            return reply.code(endpoint.status).send(result ?? { ok: true });
          } catch (error) {
            const { status, body, internal } = toApiError(error, isDev);
            if (internal) request.log.error({ err: error }, 'REST handler failed');
            if (isDatabaseUnavailable(error)) reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
            return reply.code(status).send(body);
          }
        },
      });
    }
  },
  { name: 'rest', dependencies: ['session'] },
);
