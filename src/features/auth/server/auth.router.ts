import { authedProcedure, publicProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  LoginSchema,
  RegisterSchema,
  REGISTER_LIMIT,
  REGISTER_WINDOW_MS,
  UpdateProfileSchema,
  VerifyEmailSchema,
} from '../auth.schema.ts';
import { login, logout, register } from './auth.service.ts';
import { changePassword, deleteAccount, profile, updateProfile } from './account.service.ts';
import { resendVerification, verifyEmail } from './email-verification.service.ts';

/** Profile saves, per account: each new address is sent a verification e-mail, so a script could mail anyone. */
export const PROFILE_RATE_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

export const authRouter = router({
  /** The signed-in user, or null for a visitor (REST answers 401 for null). */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  login: publicProcedure.input(LoginSchema).mutation(({ ctx, input }) => login(ctx, input)),
  register: publicProcedure
    .use(rateLimited('register', REGISTER_LIMIT, REGISTER_WINDOW_MS))
    .input(RegisterSchema)
    .mutation(({ ctx, input }) => register(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => logout(ctx)),
  /** The link in the verification e-mail (/verify-email?token=…): works signed in or not, on any device. */
  verifyEmail: publicProcedure
    .use(rateLimited('verify-email', 30, 15 * 60_000))
    .input(VerifyEmailSchema)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input.token)),
  resendVerification: authedProcedure.mutation(({ ctx }) => resendVerification(ctx)),
  // The signed-in user's own account (/account).
  profile: authedProcedure.query(({ ctx }) => profile(ctx)),
  updateProfile: authedProcedure
    .use(rateLimited('profile-update', PROFILE_RATE_LIMIT.limit, PROFILE_RATE_LIMIT.windowMs, 'account'))
    .input(UpdateProfileSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),
  changePassword: authedProcedure.input(ChangePasswordSchema).mutation(({ ctx, input }) => changePassword(ctx, input)),
  deleteAccount: authedProcedure.input(DeleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});
