import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema, PageInputSchema } from '../../../lib/shared/paging.ts';
import { ParentDogInputSchema, ParentDogUpdateSchema } from '../parents.schema.ts';
import { createParent, getParentAdmin, listParentsAdmin, removeParent, updateParent } from './parents.admin-service.ts';

export const parentsAdminRouter = router({
  list: adminProcedure.input(PageInputSchema).query(({ ctx, input }) => listParentsAdmin(ctx.em, input)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getParentAdmin(ctx.em, input.id)),
  create: adminProcedure.input(ParentDogInputSchema).mutation(({ ctx, input }) => createParent(ctx.em, input)),
  update: adminProcedure.input(ParentDogUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...data } = input;
    const { parent, releasedUrl } = await updateParent(ctx.em, id, data);
    await ctx.services.media.release([releasedUrl]);
    return parent;
  }),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrl } = await removeParent(ctx.em, input.id);
    await ctx.services.media.release([releasedUrl]);
    return { ok: true as const };
  }),
});
