// Health reminders plugin: every so often, queue the families' reminders of care due after go-home (once per item, kept in the database).
import fp from 'fastify-plugin';
import { REMINDERS_EVERY_MS, runHealthReminders } from '../../features/health/server/health-reminders.ts';

export default fp<{ everyMs?: number }>(
  async (app, opts) => {
    const timer = setInterval(() => {
      runHealthReminders(app.orm.em.fork(), app.services.mail, app.services.env.appOrigin)
        .then((queued) => {
          if (queued) app.services.mail.wake();
        })
        .catch((err: unknown) => app.log.warn({ err }, 'queuing the health reminders failed'));
    }, opts.everyMs ?? REMINDERS_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'health-reminders', dependencies: ['database'] },
);
