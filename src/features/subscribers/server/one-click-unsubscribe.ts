// RFC 8058 one-click unsubscribe, a Fastify plugin the top floor registers: mail providers POST to the
// List-Unsubscribe link (form-encoded, from any site) and no page follows.
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/server/errors.ts';
import { tooManyMessage } from '../../../lib/server/trpc.ts';
import { UnsubscribeSchema, UNSUBSCRIBE_NOT_FOUND } from '../subscribers.schema.ts';
import { unsubscribe } from './subscribers.service.ts';

export const ONE_CLICK_PATH = '/unsubscribe';
const RATE = { limit: 20, windowMs: 60_000 };

export default fp(
  async (app) => {
    await app.register(async (scope) => {
      // The body says only "List-Unsubscribe=One-Click": the token in the URL is what counts.
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
        scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, undefined));
      }
      scope.post(ONE_CLICK_PATH, { config: { crossSiteForm: true }, bodyLimit: 4096 }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { allowed, retryAfterMs } = await app.services.rateLimit(`one-click:${request.ip}`, RATE.limit, RATE.windowMs);
        if (!allowed) return reply.code(429).send({ message: tooManyMessage(retryAfterMs) });
        const parsed = UnsubscribeSchema.safeParse({ token: (request.query as Record<string, unknown>).token });
        if (!parsed.success) return reply.code(400).send({ message: UNSUBSCRIBE_NOT_FOUND });
        try {
          await unsubscribe(request.em, parsed.data.token);
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return reply.code(400).send({ message: UNSUBSCRIBE_NOT_FOUND });
          throw error;
        }
        return reply.code(200).send({ ok: true, message: 'You have been unsubscribed.' });
      });
    });
  },
  { name: 'one-click-unsubscribe', dependencies: ['database', 'security'] },
);
