// Payments' background work: the balance reminders, 7 days before and on the due date (each once per due date).
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import { runReminders } from './reminders.ts';

export const balanceRemindersJob = defineJob({
  name: 'payments.balance-reminders',
  description: 'Reminds each family of its balance a week before it is due and on the day.',
  schedule: '17 * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    await runReminders(em, services.mail, services.env.appOrigin);
  },
});

export const paymentsJobs = [balanceRemindersJob];
