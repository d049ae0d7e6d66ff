// The server's own backups as a job on the runner (decisions 145 and 175): on BACKUP_SCHEDULE in the site's zone, once
// across instances, retried with backoff; a failure is recorded first, so Today shows it while retries wait.
import { z } from 'zod';
import { defineJob, type AppJob } from '../lib/server/app-job.ts';
import { backupDatabase } from './backup.ts';
import { runScheduledBackup } from '../features/site-health/server/backups.job.ts';
import { breederTimeZone } from '../features/visits/server/visits.reads.ts';

export const BACKUP_JOB_NAME = 'site-health.backup';

export const backupJob = defineJob({
  name: BACKUP_JOB_NAME,
  description: 'Backs up the whole database into BACKUP_DIR and deletes the backups retention does not keep.',
  // BACKUP_SCHEDULE replaces it (withBackupSchedule); off: no schedule.
  schedule: '15 3 * * *',
  timeZone: breederTimeZone,
  input: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 600,
  // A large site's backup (video pieces) takes minutes: another instance takes it over only after an hour.
  expireInSeconds: 3600,
  async run(_input, { em, services }) {
    await runScheduledBackup(em, services.env.site, (runEm, file) => backupDatabase({ em: runEm }, file));
  },
});

/** The app's jobs with the backup on BACKUP_SCHEDULE (null: not scheduled; the runner then unschedules it). */
export function withBackupSchedule(jobs: readonly AppJob[], schedule: string | null): AppJob[] {
  return jobs.map((job) => {
    if (job.name !== BACKUP_JOB_NAME) return job;
    const { schedule: _default, ...rest } = job;
    return schedule ? { ...rest, schedule } : rest;
  });
}
