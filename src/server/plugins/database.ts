// Database plugin: one EntityManager fork per request, readiness probe, closes the database last.
import fp from 'fastify-plugin';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase } from '../db.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/server/db-errors.ts';

/** /readyz answers within this bound even when the database hangs instead of refusing. */
export const READY_CHECK_TIMEOUT_MS = 800;

export default fp<{ orm: MikroORM; closeOrm: boolean }>(
  async (app, { orm, closeOrm }) => {
    app.decorate('orm', orm);
    app.decorateRequest('em', null as never);
    app.addHook('onRequest', async (request) => {
      request.em = orm.em.fork();
    });
    app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const check = orm.em.fork().getConnection().execute('select 1');
      // The losing check settles later (the pool's acquire timeout bounds it); don't let it go unhandled.
      check.catch(() => {});
      try {
        await Promise.race([
          check,
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('ready check timed out')), READY_CHECK_TIMEOUT_MS))),
        ]);
        return { status: 'ready' };
      } catch {
        return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({ status: 'unavailable' });
      } finally {
        clearTimeout(timer);
      }
    });
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    if (closeOrm) app.addHook('onClose', async () => closeDatabase(orm));
  },
  { name: 'database' },
);
