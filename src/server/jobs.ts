// Every feature's background jobs, in the one list the job runner works (lib/server/jobs.ts, decision 145).
import type { AppJob } from '../lib/server/app-job.ts';
import { featureModules } from './features.ts';
import { backupJob } from './backup.job.ts';

// The server's own backup is the top floor's: it writes with src/server/backup.ts, which features may not import.
export const appJobs: AppJob[] = [...featureModules.flatMap<AppJob>((m) => ('jobs' in m ? [...m.jobs] : [])), backupJob];
