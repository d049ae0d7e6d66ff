// Every feature's background jobs, in the one list the job runner works (lib/server/jobs.ts, decision 145).
import type { AppJob } from '../lib/server/app-job.ts';
import { authJobs } from '../features/auth/server/auth.jobs.ts';
import { contractsJobs } from '../features/contracts/server/contracts.jobs.ts';
import { healthJobs } from '../features/health/server/health.jobs.ts';
import { paymentsJobs } from '../features/payments/server/payments.jobs.ts';
import { portalJobs } from '../features/portal/server/portal.jobs.ts';
import { visitsJobs } from '../features/visits/server/visits.jobs.ts';

export const appJobs: AppJob[] = [...authJobs, ...contractsJobs, ...healthJobs, ...paymentsJobs, ...portalJobs, ...visitsJobs];
