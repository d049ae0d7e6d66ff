// Registers every REST route table under /api; errors become { message, fieldErrors? }.
import fp from 'fastify-plugin';
import { toApiError, type RestEndpoint } from '../../lib/server/rest.ts';
import { createContext } from '../context.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/server/db-errors.ts';

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
            if (endpoint.headers) reply.headers(endpoint.headers);
            return reply.code(endpoint.status).send(result ?? { ok: true });
          } catch (error) {
            if (isDatabaseUnavailable(error)) {
              request.log.warn({ err: error }, 'database unavailable');
              return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
            }
            const { status, body } = toApiError(error, isDev);
            if (status >= 500) request.log.error({ err: error }, 'REST handler failed');
            return reply.code(status).send(body);
          }
        },
      });
    }
  },
  { name: 'rest', dependencies: ['session'] },
);
