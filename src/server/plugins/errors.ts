// Fastify's error handler: framework errors (bad JSON, body too large, wrong content type) and anything
// a route throws get the same status and body as every other transport (lib/server/errors.ts).
import fp from 'fastify-plugin';
import { toApiError } from '../../lib/server/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/server/db-errors.ts';

export default fp<{ isDev: boolean }>(
  async (app, { isDev }) => {
    app.setErrorHandler((error, request, reply) => {
      const { status, body, internal } = toApiError(error, isDev);
      if (internal) request.log.error({ err: error }, 'request failed');
      if (isDatabaseUnavailable(error)) reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return reply.code(status).send(body);
    });
  },
  { name: 'errors' },
);
