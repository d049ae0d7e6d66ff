// Health reminders plugin: every so often, queue the families' go-home e-mails and reminders of care due after
// go-home (each once, kept in the database).
import fp from 'fastify-plugin';
import { REMINDERS_EVERY_MS, runHealthReminders } from '../../features/health/server/health-reminders.ts';
import { runGoHomeMails } from '../../features/health/server/go-home-mail.ts';

export default fp<{ everyMs?: number }>(
  async (app, opts) => {
    const timer = setInterval(() => {
      const { appOrigin } = app.services.env;
      runGoHomeMails(app.orm.em.fork(), app.services.mail, appOrigin)
        .then(async (goneHome) => (await runHealthReminders(app.orm.em.fork(), app.services.mail, appOrigin)) + goneHome)
        .then((queued) => {
          if (queued) app.services.mail.wake();
        })
        .catch((err: unknown) => app.log.warn({ err }, 'queuing the health e-mails failed'));
    }, opts.everyMs ?? REMINDERS_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'health-reminders', dependencies: ['database'] },
);
