// A family's application procedures: every one needs a signed-in account and touches only its own records.
import { authedProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { ApplicationSubmitSchema, DraftSchema, WithdrawSchema } from '../applications.schema.ts';
import { getDraft, myApplications, saveDraft, submitApplication, withdrawApplication } from './applications.service.ts';

/** Per client address: generous for retries of one submit, a wall for a script. */
export const APPLICATION_RATE_LIMIT = { limit: 10, windowMs: 60_000 };

export const applicationsRouter = router({
  submit: authedProcedure
    .use(rateLimited('applications', APPLICATION_RATE_LIMIT.limit, APPLICATION_RATE_LIMIT.windowMs))
    .input(ApplicationSubmitSchema)
    .mutation(({ ctx, input }) => submitApplication(ctx.em, ctx.user, input, ctx.services)),
  mine: authedProcedure.query(({ ctx }) => myApplications(ctx.em, ctx.user)),
  draft: authedProcedure.query(({ ctx }) => getDraft(ctx.em, ctx.user)),
  saveDraft: authedProcedure.input(DraftSchema).mutation(({ ctx, input }) => saveDraft(ctx.em, ctx.user, input)),
  withdraw: authedProcedure.input(WithdrawSchema).mutation(({ ctx, input }) => withdrawApplication(ctx.em, ctx.user, input, ctx.services)),
});
