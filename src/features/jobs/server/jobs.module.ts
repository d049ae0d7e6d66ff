// The jobs feature's face to the app (decision 146): the background jobs as the breeder sees them.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { jobsAdminRouter } from './jobs.admin-router.ts';
import { jobsToday } from './jobs.today.ts';

export const jobsModule = defineFeature({
  name: 'jobs',
  adminRouters: { jobs: jobsAdminRouter },
  today: { name: 'jobs', source: jobsToday },
});
