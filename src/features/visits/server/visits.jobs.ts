// Visits' background work: the reminders of tomorrow's appointments (claimed in the database, so sent once).
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import { runReminders } from './visits.service.ts';

export const visitRemindersJob = defineJob({
  name: 'visits.reminders',
  description: 'Reminds each family of its visit or pickup the day before.',
  schedule: '*/15 * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    await runReminders(em, services.mail, services.env.appOrigin);
  },
});

export const visitsJobs = [visitRemindersJob];
