// Maps framework errors (bad JSON, body too large, wrong content type) to clear 4xx JSON answers.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/server/db-errors.ts';

export default fp<{ isDev: boolean }>(
  async (app, { isDev }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(400).send({ message: 'The request is too large.' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.code(415).send({ message: 'Send the request body as JSON (Content-Type: application/json).' });
      }
      if (error.code === 'APP_NUL_IN_BODY') {
        return reply.code(400).send({ message: error.message });
      }
      if (error.validation || status === 400 || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.code(400).send({ message: 'The request body is not valid JSON.' });
      }
      if (status < 500) {
        return reply.code(status).send({ message: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ message: isDev ? error.message : 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'errors' },
);
