// The applications feature's face to the app (decision 146): the questionnaire, applications and the waitlist.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Application, ApplicationDraft, ApplicationEvent } from './application.entity.ts';
import { applicationsRouter } from './applications.router.ts';
import { applicationsAdminRouter } from './applications.admin-router.ts';
import { applicationsRest } from './applications.rest.ts';
import { applicationsAdminRest } from './applications.admin-rest.ts';
import { applicationsToday } from './applications.today.ts';
import { anonymiseApplicationsOf } from './applications.service.ts';

export const applicationsModule = defineFeature({
  name: 'applications',
  entities: [Application, ApplicationEvent, ApplicationDraft],
  routers: { applications: applicationsRouter },
  adminRouters: { applications: applicationsAdminRouter },
  rest: [...applicationsRest, ...applicationsAdminRest],
  today: { name: 'applications', source: applicationsToday },
  async eraseUser(em, userId) {
    await anonymiseApplicationsOf(em, userId);
  },
});
