// Accounts' background work: expired sessions and spent rate-limit counters are deleted every hour.
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import { purgeExpiredSessions } from './session.service.ts';
import { purgeRateLimits } from '../../../lib/server/rate-limit.ts';

export const purgeSessionsJob = defineJob({
  name: 'auth.purge-expired',
  description: 'Deletes expired sign-ins and spent rate-limit counters.',
  schedule: '23 * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    const { sessionIdleDays: idleDays, sessionAbsoluteDays: absoluteDays, secureCookies } = services.env;
    await purgeExpiredSessions(em, { idleDays, absoluteDays, secureCookies });
    await purgeRateLimits(em);
  },
});

export const authJobs = [purgeSessionsJob];
