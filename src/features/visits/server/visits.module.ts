// The visits feature's face to the app (decision 146): visit and pickup slots, bookings, reminders.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Booking, VisitSettings } from './visits.entity.ts';
import { visitsRouter } from './visits.router.ts';
import { visitsAdminRouter } from './visits.admin-router.ts';
import { visitsRest } from './visits.rest.ts';
import { visitsToday } from './visits.today.ts';
import { visitsJobs } from './visits.jobs.ts';
import { eraseBookingsOf } from './visits.service.ts';

export const visitsModule = defineFeature({
  name: 'visits',
  entities: [VisitSettings, Booking],
  routers: { visits: visitsRouter },
  adminRouters: { visits: visitsAdminRouter },
  rest: visitsRest,
  today: { name: 'visits', source: visitsToday },
  jobs: visitsJobs,
  // A deleted family's future bookings are cancelled with the outbox (decision 122).
  eraseUser: (em, userId, services) => eraseBookingsOf(em, services.mail, services.env.appOrigin, userId),
});
