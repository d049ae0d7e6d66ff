import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listFeaturedPuppies } from './puppies.service.ts';

export const puppiesRouter = router({
  featured: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('puppies.featured', () => listFeaturedPuppies(ctx.em))),
});
