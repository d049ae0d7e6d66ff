// The pick-day feature's face to the app (decision 146; issue 50): the order of a litter, the turns and their windows.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { PickChoice, PickEntry, PickRound } from './picks.entity.ts';
import { picksRouter } from './picks.router.ts';
import { picksAdminRouter } from './picks.admin-router.ts';
import { picksRest } from './picks.rest.ts';
import { picksToday } from './picks.today.ts';
import { picksJobs } from './picks.jobs.ts';

export const picksModule = defineFeature({
  name: 'picks',
  entities: [PickRound, PickEntry, PickChoice],
  routers: { picks: picksRouter },
  adminRouters: { picks: picksAdminRouter },
  rest: picksRest,
  today: { name: 'picks', source: picksToday },
  jobs: picksJobs,
});
