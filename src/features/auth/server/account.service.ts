// The signed-in user's own account: profile, password change (other sessions signed out), deletion with an audit row.
import { AppError } from '../../../lib/server/errors.ts';
import { rateLimitInHandler, type Context, type SessionUser } from '../../../lib/server/trpc.ts';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, type ProfileDto } from '../auth.schema.ts';
import { User } from './user.entity.ts';
import { Session } from './user.entity.ts';
import { AccountErasure } from './account-erasure.entity.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { logout } from './auth.service.ts';
import { offerEmail } from './email-verification.service.ts';

async function ownUser(ctx: Context & { user: SessionUser }) {
  const user = await ctx.em.findOne(User, ctx.user.id);
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
  return user;
}

const toProfile = (u: {
  username: string;
  displayName?: string | null;
  email?: string | null;
  pendingEmail?: string | null;
}): ProfileDto => ({
  username: u.username,
  displayName: u.displayName ?? null,
  email: u.email ?? null,
  pendingEmail: u.pendingEmail ?? null,
});

export async function profile(ctx: Context & { user: SessionUser }): Promise<ProfileDto> {
  return toProfile(await ownUser(ctx));
}

export async function updateProfile(
  ctx: Context & { user: SessionUser },
  input: { displayName: string; email: string },
): Promise<ProfileDto> {
  const user = await ownUser(ctx);
  user.displayName = input.displayName || null;
  if (input.email) {
    // A new address waits for its link; the verified one keeps receiving until then (decision 108).
    await offerEmail(ctx.em, ctx.services, user, input.email);
  } else {
    user.email = null;
    user.pendingEmail = null;
    user.emailVerifiedAt = null;
  }
  await ctx.em.flush();
  return toProfile(user);
}

/** Current-password checks (password change, account deletion), per account. */
export const CURRENT_PASSWORD_LIMIT = rateLimitInHandler('account-password');

async function checkCurrent(ctx: Context, passwordHash: string, password: string) {
  // Counted like login failures per account, so a stolen session cannot guess its way to the password.
  const hit = await ctx.services.rateLimit(`${CURRENT_PASSWORD_LIMIT}:${ctx.user!.id}`, 10, 15 * 60_000);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please try again later.');
  if (!(await verifyPassword(passwordHash, password))) {
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: [ACCOUNT_MESSAGES.currentPasswordWrong] });
  }
}

/** Every other session of the account ends; this one stays signed in. */
export async function changePassword(ctx: Context & { user: SessionUser }, input: { currentPassword: string; newPassword: string }) {
  const user = await ownUser(ctx);
  await checkCurrent(ctx, user.passwordHash, input.currentPassword);
  if (input.newPassword.toLowerCase() === user.username.toLowerCase()) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.passwordIsUsername, { newPassword: [AUTH_MESSAGES.passwordIsUsername] });
  }
  user.passwordHash = await hashPassword(input.newPassword);
  await ctx.em.flush();
  const signedOut = await ctx.em.nativeDelete(Session, { user: user.id, ...(ctx.sessionId ? { id: { $ne: ctx.sessionId } } : {}) });
  return { ok: true as const, otherSessionsSignedOut: signedOut };
}

/**
 * Deletes the account and its personal data: every feature's eraser runs first (in one transaction with
 * the deletion), then the user row (sessions and per-user rows go with it); an audit row remains.
 */
export async function deleteAccount(ctx: Context & { user: SessionUser }, input: { currentPassword: string }) {
  const user = await ownUser(ctx);
  if (user.isAdmin) throw new AppError('FORBIDDEN', 'An administrator account cannot be deleted from here. Ask another administrator.');
  await checkCurrent(ctx, user.passwordHash, input.currentPassword);
  const released: string[] = [];
  await ctx.em.transactional(async (em) => {
    for (const erase of ctx.services.onUserErased) {
      const result = await erase(em, user.id, ctx.services);
      if (result?.releasedUrls) released.push(...result.releasedUrls);
    }
    em.create(AccountErasure, { formerUserId: user.id, requestedBy: 'self', erasedAt: new Date() });
    await em.flush();
    await em.nativeDelete(User, { id: user.id });
  });
  await ctx.services.media.release(released);
  await logout({ ...ctx, sessionId: null });
  return { ok: true as const };
}
