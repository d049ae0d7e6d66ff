// The features, each by its one face (decision 146): the top floor's lists (entities, routers, REST routes, Today,
// jobs, account erasure, private uploads, media references, plugins) are loops over this one list. A new feature is
// its folder plus one line here. The order is the order of account erasure: what a family wrote goes before the money
// records kept for the books, and visits last (a deleted family's bookings are cancelled with the outbox).
import { mediaModule } from '../features/media/server/media.module.ts';
import { settingsModule } from '../features/settings/server/settings.module.ts';
import { authModule } from '../features/auth/server/auth.module.ts';
import { puppiesModule } from '../features/puppies/server/puppies.module.ts';
import { dogsModule } from '../features/dogs/server/dogs.module.ts';
import { galleryModule } from '../features/gallery/server/gallery.module.ts';
import { testimonialsModule } from '../features/testimonials/server/testimonials.module.ts';
import { inquiriesModule } from '../features/inquiries/server/inquiries.module.ts';
import { subscribersModule } from '../features/subscribers/server/subscribers.module.ts';
import { articlesModule } from '../features/articles/server/articles.module.ts';
import { mailModule } from '../features/mail/server/mail.module.ts';
import { notificationsModule } from '../features/notifications/server/notifications.module.ts';
import { portalModule } from '../features/portal/server/portal.module.ts';
import { messagesModule } from '../features/messages/server/messages.module.ts';
import { applicationsModule } from '../features/applications/server/applications.module.ts';
import { contractsModule } from '../features/contracts/server/contracts.module.ts';
import { paymentsModule } from '../features/payments/server/payments.module.ts';
import { healthModule } from '../features/health/server/health.module.ts';
import { visitsModule } from '../features/visits/server/visits.module.ts';
import { jobsModule } from '../features/jobs/server/jobs.module.ts';
import { temperamentModule } from '../features/temperament/server/temperament.module.ts';
import { picksModule } from '../features/picks/server/picks.module.ts';
import { siteHealthModule } from '../features/site-health/server/site-health.module.ts';
import { importsModule } from '../features/imports/server/imports.module.ts';

export const featureModules = [
  mediaModule,
  settingsModule,
  authModule,
  puppiesModule,
  dogsModule,
  galleryModule,
  testimonialsModule,
  inquiriesModule,
  subscribersModule,
  articlesModule,
  mailModule,
  notificationsModule,
  portalModule,
  messagesModule,
  applicationsModule,
  contractsModule,
  paymentsModule,
  healthModule,
  visitsModule,
  jobsModule,
  temperamentModule,
  picksModule,
  siteHealthModule,
  importsModule,
] as const;
