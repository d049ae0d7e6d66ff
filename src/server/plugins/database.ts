// Database plugin: one EntityManager fork per request, readiness probe, closes the database last.
import fp from 'fastify-plugin';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase } from '../db.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/server/db-errors.ts';
import { databaseReadiness } from '../readiness.ts';

export default fp<{ orm: MikroORM; closeOrm: boolean }>(
  async (app, { orm, closeOrm }) => {
    app.decorate('orm', orm);
    app.decorateRequest('em', null as never);
    app.addHook('onRequest', async (request) => {
      request.em = orm.em.fork();
    });
    // Asks the database on a connection of its own (readiness.ts): a busy pool is not an outage.
    const readiness = databaseReadiness(orm);
    app.addHook('onClose', async () => readiness.close());
    app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
      if (await readiness.check()) return { status: 'ready' };
      return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({ status: 'unavailable' });
    });
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    if (closeOrm) app.addHook('onClose', async () => closeDatabase(orm));
  },
  { name: 'database' },
);
