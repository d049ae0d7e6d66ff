// The family's portal procedures: every one is for a signed-in user and answers only about that user's own data.
import { authedProcedure, router } from '../../../lib/server/trpc.ts';
import { DigestPreferenceSchema, PuppyIdSchema, TickSchema } from '../portal.schema.ts';
import { digestPreference, growth, myChecklist, myDocuments, myPuppies, myUpdates, setDigestPreference, tick } from './portal.service.ts';

export const portalRouter = router({
  puppies: authedProcedure.query(({ ctx }) => myPuppies(ctx.em, ctx.user.id)),
  updates: authedProcedure.query(({ ctx }) => myUpdates(ctx.em, ctx.user.id)),
  growth: authedProcedure.input(PuppyIdSchema).query(({ ctx, input }) => growth(ctx.em, ctx.user.id, input.puppyId)),
  checklist: authedProcedure.query(({ ctx }) => myChecklist(ctx.em, ctx.user.id)),
  tick: authedProcedure.input(TickSchema).mutation(({ ctx, input }) => tick(ctx.em, ctx.user.id, input)),
  documents: authedProcedure.query(({ ctx }) => myDocuments(ctx.em, ctx.user.id)),
  digest: authedProcedure.query(({ ctx }) => digestPreference(ctx.em, ctx.user.id)),
  setDigest: authedProcedure
    .input(DigestPreferenceSchema)
    .mutation(({ ctx, input }) => setDigestPreference(ctx.em, ctx.user.id, input.enabled)),
});
