import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import { PuppyInputSchema, PuppyListSchema, PuppyStatusUpdateSchema, PuppyUpdateSchema } from '../puppies.schema.ts';
import { createPuppy, getPuppyAdmin, listPuppiesAdmin, removePuppy, setPuppyStatus, updatePuppy } from './puppies.admin-service.ts';

export const puppiesAdminRouter = router({
  list: adminProcedure.input(PuppyListSchema).query(({ ctx, input }) => listPuppiesAdmin(ctx.em, input)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getPuppyAdmin(ctx.em, input.id)),
  create: adminProcedure.input(PuppyInputSchema).mutation(({ ctx, input }) => createPuppy(ctx.em, input)),
  update: adminProcedure.input(PuppyUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...data } = input;
    const { puppy, releasedUrls } = await updatePuppy(ctx.em, id, data);
    await ctx.services.media.release(releasedUrls);
    return puppy;
  }),
  setStatus: adminProcedure.input(PuppyStatusUpdateSchema).mutation(({ ctx, input }) => setPuppyStatus(ctx.em, input)),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrls } = await removePuppy(ctx.em, input.id);
    await ctx.services.media.release(releasedUrls);
    return { ok: true as const };
  }),
});
