import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listActiveLitters } from './litters.service.ts';

export const littersRouter = router({
  active: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('litters.active', () => listActiveLitters(ctx.em))),
});
