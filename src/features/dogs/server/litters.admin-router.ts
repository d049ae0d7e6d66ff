import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema, PageInputSchema } from '../../../lib/shared/paging.ts';
import { LitterInputSchema, LitterUpdateSchema } from '../litters.schema.ts';
import { createLitter, getLitterAdmin, listLittersAdmin, litterOptions, removeLitter, updateLitter } from './litters.admin-service.ts';

export const littersAdminRouter = router({
  list: adminProcedure.input(PageInputSchema).query(({ ctx, input }) => listLittersAdmin(ctx.em, input)),
  options: adminProcedure.query(({ ctx }) => litterOptions(ctx.em)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getLitterAdmin(ctx.em, input.id)),
  create: adminProcedure.input(LitterInputSchema).mutation(({ ctx, input }) => createLitter(ctx.em, input)),
  update: adminProcedure.input(LitterUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...data } = input;
    const { litter, releasedUrl } = await updateLitter(ctx.em, id, data);
    await ctx.services.media.release([releasedUrl]);
    return litter;
  }),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrl } = await removeLitter(ctx.em, input.id);
    await ctx.services.media.release([releasedUrl]);
    return { ok: true as const };
  }),
});
