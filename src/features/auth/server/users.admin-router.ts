import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { PageInputSchema } from '../../../lib/shared/paging.ts';
import { ResetPasswordSchema, SetAdminSchema } from '../auth.schema.ts';
import { listUsers, resetPassword, setAdmin } from './users.admin-service.ts';

export const usersAdminRouter = router({
  list: adminProcedure.input(PageInputSchema).query(({ ctx, input }) => listUsers(ctx.em, input)),
  setAdmin: adminProcedure.input(SetAdminSchema).mutation(({ ctx, input }) => setAdmin(ctx.em, input.id, input.isAdmin)),
  resetPassword: adminProcedure
    .input(ResetPasswordSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx.em, input.id, input.password, ctx.sessionId)),
});
