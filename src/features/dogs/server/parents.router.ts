import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listFeaturedParents } from './parents.service.ts';
import { getPedigree, listFamilyTreeDogs } from './dogs.service.ts';
import { PedigreeInputSchema } from '../dogs.schema.ts';

export const parentsRouter = router({
  featured: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('parents.featured', () => listFeaturedParents(ctx.em))),
  /** Our dogs for /family-tree. */
  familyTree: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('parents.familyTree', () => listFamilyTreeDogs(ctx.em))),
  /** A public dog's pedigree; any other dog is a 404. */
  pedigree: publicProcedure.input(PedigreeInputSchema).query(({ ctx, input }) => getPedigree(ctx.em, input.id, input.generations)),
});
