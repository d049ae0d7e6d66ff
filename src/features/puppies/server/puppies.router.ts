import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listFeaturedPuppies } from './puppies.service.ts';

export const puppiesRouter = router({
  featured: publicProcedure.query(({ ctx }) => listFeaturedPuppies(ctx.em)),
});
