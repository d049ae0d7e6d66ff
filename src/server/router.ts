// The root tRPC router: one entry per feature router (the dogs feature has two, parents and litters), and appRouter.admin
// with each feature's admin routers.
import { router } from '../lib/server/trpc.ts';
import { puppiesRouter } from '../features/puppies/server/puppies.router.ts';
import { littersRouter } from '../features/dogs/server/litters.router.ts';
import { parentsRouter } from '../features/dogs/server/parents.router.ts';
import { galleryRouter } from '../features/gallery/server/gallery.router.ts';
import { testimonialsRouter } from '../features/testimonials/server/testimonials.router.ts';
import { inquiriesRouter } from '../features/inquiries/server/inquiries.router.ts';
import { subscribersRouter } from '../features/subscribers/server/subscribers.router.ts';
import { settingsRouter } from '../features/settings/server/settings.router.ts';
import { authRouter } from '../features/auth/server/auth.router.ts';
import { puppiesAdminRouter } from '../features/puppies/server/puppies.admin-router.ts';
import { littersAdminRouter } from '../features/dogs/server/litters.admin-router.ts';
import { parentsAdminRouter } from '../features/dogs/server/parents.admin-router.ts';
import { galleryAdminRouter } from '../features/gallery/server/gallery.admin-router.ts';
import { testimonialsAdminRouter } from '../features/testimonials/server/testimonials.admin-router.ts';
import { inquiriesAdminRouter } from '../features/inquiries/server/inquiries.admin-router.ts';
import { subscribersAdminRouter } from '../features/subscribers/server/subscribers.admin-router.ts';
import { newslettersAdminRouter } from '../features/subscribers/server/newsletters.admin-router.ts';
import { settingsAdminRouter } from '../features/settings/server/settings.admin-router.ts';
import { articlesRouter } from '../features/articles/server/articles.router.ts';
import { articlesAdminRouter } from '../features/articles/server/articles.admin-router.ts';
import { usersAdminRouter } from '../features/auth/server/users.admin-router.ts';
import { applicationsRouter } from '../features/applications/server/applications.router.ts';
import { applicationsAdminRouter } from '../features/applications/server/applications.admin-router.ts';
import { portalRouter } from '../features/portal/server/portal.router.ts';
import { portalAdminRouter } from '../features/portal/server/portal.admin-router.ts';
import { paymentsRouter } from '../features/payments/server/payments.router.ts';
import { paymentsAdminRouter } from '../features/payments/server/payments.admin-router.ts';
import { healthRouter } from '../features/health/server/health.router.ts';
import { healthAdminRouter } from '../features/health/server/health.admin-router.ts';
import { visitsRouter } from '../features/visits/server/visits.router.ts';
import { visitsAdminRouter } from '../features/visits/server/visits.admin-router.ts';
import { contractsRouter } from '../features/contracts/server/contracts.router.ts';
import { contractsAdminRouter } from '../features/contracts/server/contracts.admin-router.ts';
import { notificationsRouter } from '../features/notifications/server/notifications.router.ts';
import { createTodayAdminRouter } from '../features/today/server/today.admin-router.ts';
import { TODAY_SOURCES } from './today-sources.ts';
import { messagesRouter } from '../features/messages/server/messages.router.ts';
import { messagesAdminRouter } from '../features/messages/server/messages.admin-router.ts';

/** Everything the dashboard calls (every procedure is an adminProcedure; admin-authorization.test.ts proves it). */
const adminRouter = router({
  puppies: puppiesAdminRouter,
  litters: littersAdminRouter,
  parents: parentsAdminRouter,
  gallery: galleryAdminRouter,
  testimonials: testimonialsAdminRouter,
  inquiries: inquiriesAdminRouter,
  subscribers: subscribersAdminRouter,
  settings: settingsAdminRouter,
  users: usersAdminRouter,
  articles: articlesAdminRouter,
  applications: applicationsAdminRouter,
  portal: portalAdminRouter,
  newsletters: newslettersAdminRouter,
  payments: paymentsAdminRouter,
  health: healthAdminRouter,
  visits: visitsAdminRouter,
  contracts: contractsAdminRouter,
  today: createTodayAdminRouter(TODAY_SOURCES),
  messages: messagesAdminRouter,
});

export const appRouter = router({
  puppies: puppiesRouter,
  litters: littersRouter,
  parents: parentsRouter,
  gallery: galleryRouter,
  testimonials: testimonialsRouter,
  inquiries: inquiriesRouter,
  subscribers: subscribersRouter,
  settings: settingsRouter,
  auth: authRouter,
  articles: articlesRouter,
  applications: applicationsRouter,
  portal: portalRouter,
  payments: paymentsRouter,
  health: healthRouter,
  visits: visitsRouter,
  contracts: contractsRouter,
  notifications: notificationsRouter,
  messages: messagesRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
