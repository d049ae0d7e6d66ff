import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema, PageInputSchema } from '../../../lib/shared/paging.ts';
import { AncestorInputSchema, DogInputSchema, DogSearchSchema, DogUpdateSchema, PairingInputSchema } from '../dogs.schema.ts';
import {
  createAncestor,
  createParent,
  getParentAdmin,
  listParentsAdmin,
  planPairing,
  removeParent,
  searchDogs,
  updateParent,
} from './parents.admin-service.ts';

/** The dog registry (the parent dogs are its dogs marked ours). */
export const parentsAdminRouter = router({
  list: adminProcedure.input(PageInputSchema).query(({ ctx, input }) => listParentsAdmin(ctx.em, input)),
  search: adminProcedure.input(DogSearchSchema).query(({ ctx, input }) => searchDogs(ctx.em, input)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getParentAdmin(ctx.em, input.id)),
  create: adminProcedure.input(DogInputSchema).mutation(({ ctx, input }) => createParent(ctx.em, input)),
  createAncestor: adminProcedure.input(AncestorInputSchema).mutation(({ ctx, input }) => createAncestor(ctx.em, input)),
  update: adminProcedure.input(DogUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...data } = input;
    const { parent, releasedUrls } = await updateParent(ctx.em, id, data);
    await ctx.services.media.release(releasedUrls);
    return parent;
  }),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrls } = await removeParent(ctx.em, input.id);
    await ctx.services.media.release(releasedUrls);
    return { ok: true as const };
  }),
  pairing: adminProcedure.input(PairingInputSchema).query(({ ctx, input }) => planPairing(ctx.em, input)),
});
