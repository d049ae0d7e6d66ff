// Every feature's background jobs, in the one list the job runner works (lib/server/jobs.ts, decision 145).
import type { AppJob } from '../lib/server/app-job.ts';
import { featureModules } from './features.ts';

export const appJobs: AppJob[] = featureModules.flatMap<AppJob>((m) => ('jobs' in m ? [...m.jobs] : []));
