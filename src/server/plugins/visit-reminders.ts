// Visit reminders plugin: every so often, queue the reminders of tomorrow's appointments (claimed in the database, so sent once).
import fp from 'fastify-plugin';
import { REMINDER_EVERY_MS, runReminders } from '../../features/visits/server/visits.service.ts';

export default fp<{ everyMs?: number }>(
  async (app, opts) => {
    const timer = setInterval(() => {
      runReminders(app.orm.em.fork(), app.services.mail, app.services.env.appOrigin).catch((err: unknown) =>
        app.log.warn({ err }, 'queuing the visit reminders failed'),
      );
    }, opts.everyMs ?? REMINDER_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'visit-reminders', dependencies: ['database'] },
);
