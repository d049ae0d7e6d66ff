// Health's background work: the go-home e-mails and the reminders of care due after go-home (each once, kept in the database).
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import { runHealthReminders } from './health-reminders.ts';
import { runGoHomeMails } from './go-home-mail.ts';

export const healthRemindersJob = defineJob({
  name: 'health.reminders',
  description: 'E-mails each family its puppy’s care record on go-home day, and a reminder a week before each care item due.',
  schedule: '7 * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    const { appOrigin } = services.env;
    const queued = (await runGoHomeMails(em, services.mail, appOrigin)) + (await runHealthReminders(em.fork(), services.mail, appOrigin));
    if (queued) services.mail.wake();
  },
});

export const healthJobs = [healthRemindersJob];
