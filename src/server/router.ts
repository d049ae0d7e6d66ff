// The root tRPC router: every feature's routers by their keys (src/server/features.ts), and appRouter.admin with each
// feature's admin routers and Today, which the top floor composes from the features' sources.
import { router } from '../lib/server/trpc.ts';
import { mergeRouters } from '../lib/server/feature-module.ts';
import { createTodayAdminRouter } from '../features/today/server/today.admin-router.ts';
import { TODAY_SOURCES } from './today-sources.ts';
import { featureModules } from './features.ts';

/** Everything the dashboard calls (every procedure is an adminProcedure; admin-authorization.test.ts proves it). */
const adminRouter = router({
  ...mergeRouters(featureModules, 'adminRouters'),
  today: createTodayAdminRouter(TODAY_SOURCES),
});

export const appRouter = router({
  ...mergeRouters(featureModules, 'routers'),
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
