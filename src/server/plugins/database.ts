// Database plugin: one EntityManager fork per request, readiness probe, closes the database last.
import fp from 'fastify-plugin';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase } from '../db.ts';

export default fp<{ orm: MikroORM; closeOrm: boolean }>(
  async (app, { orm, closeOrm }) => {
    app.decorate('orm', orm);
    app.decorateRequest('em', null as never);
    app.addHook('onRequest', async (request) => {
      request.em = orm.em.fork();
    });
    app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
      try {
        await orm.em.fork().getConnection().execute('select 1');
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'unavailable' });
      }
    });
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    if (closeOrm) app.addHook('onClose', async () => closeDatabase(orm));
  },
  { name: 'database' },
);
