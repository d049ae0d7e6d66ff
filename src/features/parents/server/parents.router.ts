import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listFeaturedParents } from './parents.service.ts';

export const parentsRouter = router({
  featured: publicProcedure.query(({ ctx }) => listFeaturedParents(ctx.em)),
});
