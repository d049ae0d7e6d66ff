import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listFeaturedParents } from './parents.service.ts';

export const parentsRouter = router({
  featured: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('parents.featured', () => listFeaturedParents(ctx.em))),
});
