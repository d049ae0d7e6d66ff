// The family's contract procedures (each answers only about the signed-in family's own contracts) and the public check.
import { authedProcedure, publicProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { IdSchema, SignSchema, VerifySchema } from '../contracts.schema.ts';
import { myContract, myContracts, signContract } from './contracts.service.ts';
import { verifyPdf } from './verify.ts';

export const contractsRouter = router({
  mine: authedProcedure.query(({ ctx }) => myContracts(ctx.em, ctx.user.id)),
  byId: authedProcedure.input(IdSchema).query(({ ctx, input }) => myContract(ctx, input.id)),
  sign: authedProcedure.input(SignSchema).mutation(({ ctx, input }) => signContract(ctx, input)),
  verify: publicProcedure
    .use(rateLimited('contracts-verify', 30, 60_000))
    .input(VerifySchema)
    .mutation(({ ctx, input }) => verifyPdf(ctx.em, input.pdf)),
});
