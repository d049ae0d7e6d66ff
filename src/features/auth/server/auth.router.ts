import { publicProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { LoginSchema, RegisterSchema, REGISTER_LIMIT, REGISTER_WINDOW_MS } from '../auth.schema.ts';
import { login, logout, register } from './auth.service.ts';

export const authRouter = router({
  /** The signed-in user, or null for a visitor (REST answers 401 for null). */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  login: publicProcedure.input(LoginSchema).mutation(({ ctx, input }) => login(ctx, input)),
  register: publicProcedure
    .use(rateLimited('register', REGISTER_LIMIT, REGISTER_WINDOW_MS))
    .input(RegisterSchema)
    .mutation(({ ctx, input }) => register(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => logout(ctx)),
});
