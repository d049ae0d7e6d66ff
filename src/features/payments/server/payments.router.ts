// The family's payments: only ever its own account (terms, payments, how to pay).
import { authedProcedure, router } from '../../../lib/server/trpc.ts';
import { myPayments } from './payments.service.ts';

export const paymentsRouter = router({
  mine: authedProcedure.query(({ ctx }) => myPayments(ctx.em, ctx.user.id)),
});
