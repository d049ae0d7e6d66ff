// The root tRPC router: every feature's routers by their keys (src/server/features.ts), and appRouter.admin with each
// feature's admin routers and Today, which the top floor composes from the features' sources.
import { router } from '../lib/server/trpc.ts';
import { mergeRouters } from '../lib/server/feature-module.ts';
import { createTodayAdminRouter } from '../features/today/server/today.admin-router.ts';
import { TODAY_SOURCES } from './today-sources.ts';
import { featureModules } from './features.ts';
import { createSiteHealthAdminRouter } from '../features/site-health/server/site-health.admin-router.ts';
import { HEALTH_SOURCES } from './site-checks.ts';
import { setupRouter } from './setup.router.ts';

/** Everything the dashboard calls (every procedure is an adminProcedure; admin-authorization.test.ts proves it). */
const adminRouter = router({
  ...mergeRouters(featureModules, 'adminRouters'),
  today: createTodayAdminRouter(TODAY_SOURCES),
  siteHealth: createSiteHealthAdminRouter(HEALTH_SOURCES),
});

export const appRouter = router({
  ...mergeRouters(featureModules, 'routers'),
  // The first run of a new site: it spans accounts, settings and the demo content (src/server/setup.ts).
  setup: setupRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
