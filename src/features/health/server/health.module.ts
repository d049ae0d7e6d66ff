// The health feature's face to the app (decision 146): care records, protocols, reminders, the vet's pages.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import {
  CareItem,
  CareRequest,
  CareScheduleItem,
  HealthFamilyPrefs,
  HealthGoHomeMail,
  HealthLitterProtocol,
  HealthProtocol,
  HealthReminder,
  HealthShareLink,
} from './health.entity.ts';
import { healthRouter } from './health.router.ts';
import { healthAdminRouter } from './health.admin-router.ts';
import { healthRest } from './health.rest.ts';
import { healthToday } from './health.today.ts';
import { healthJobs } from './health.jobs.ts';
import { canReadHealthUpload } from './health.service.ts';
import healthPages from './health-pages.ts';

export const healthModule = defineFeature({
  name: 'health',
  entities: [
    CareItem,
    CareScheduleItem,
    HealthShareLink,
    HealthGoHomeMail,
    CareRequest,
    HealthProtocol,
    HealthLitterProtocol,
    HealthReminder,
    HealthFamilyPrefs,
  ],
  routers: { health: healthRouter },
  adminRouters: { health: healthAdminRouter },
  rest: healthRest,
  today: { name: 'health', source: healthToday },
  jobs: healthJobs,
  canReadPrivateUpload: canReadHealthUpload,
  plugins: [healthPages],
});
