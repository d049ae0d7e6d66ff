// The root tRPC router: one entry per feature router.
import { router } from '../lib/server/trpc.ts';
import { puppiesRouter } from '../features/puppies/server/puppies.router.ts';
import { littersRouter } from '../features/litters/server/litters.router.ts';

export const appRouter = router({
  puppies: puppiesRouter,
  litters: littersRouter,
});

export type AppRouter = typeof appRouter;
