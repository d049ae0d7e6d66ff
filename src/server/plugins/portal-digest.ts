// Portal digest plugin: every so often, queue the families' daily digests (the once-a-day rule lives in the database).
import fp from 'fastify-plugin';
import { DIGEST_EVERY_MS, runDigest } from '../../features/portal/server/digest.ts';

export default fp<{ everyMs?: number }>(
  async (app, opts) => {
    const timer = setInterval(() => {
      runDigest(app.orm.em.fork(), app.services.mail, app.services.env.appOrigin).catch((err: unknown) =>
        app.log.warn({ err }, 'queuing the portal digests failed'),
      );
    }, opts.everyMs ?? DIGEST_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'portal-digest', dependencies: ['database'] },
);
