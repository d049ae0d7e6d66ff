// A family's e-mail address and its verification (decision 108): `users.email` holds only a verified address;
// a new one waits in `pending_email` (the verified one keeps receiving) until the link sent to it is opened.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { rateLimitInHandler, type AppServices, type Context, type SessionUser } from '../../../lib/server/trpc.ts';
import { readVerifyToken, verificationMail } from '../../../lib/server/email-verification.ts';
import { VERIFY_LINK_DAYS, VERIFY_MESSAGES, VERIFY_RESEND_LIMIT, VERIFY_RESEND_WINDOW_MS, type VerifyEmailResult } from '../auth.schema.ts';
import { User, type IUser } from './user.entity.ts';

type Mail = Pick<AppServices, 'mail' | 'env'>;

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Queues the verification e-mail for the user's pending address (flushed with the caller's next flush). */
export async function queueVerificationMail(em: EntityManager, services: Mail, user: Pick<IUser, 'id' | 'pendingEmail'>): Promise<void> {
  if (!user.pendingEmail) return;
  const { name } = await services.mail.breeder(em);
  services.mail.enqueue(
    em,
    await verificationMail(em, {
      userId: user.id,
      email: user.pendingEmail,
      siteName: name,
      appOrigin: services.env.appOrigin,
      validDays: VERIFY_LINK_DAYS,
    }),
  );
}

/**
 * The family gave an address: the verified one stays until this one is verified. The same address as the verified
 * one cancels any pending change; the address already pending is not mailed again (the resend button does that).
 * Returns whether a verification e-mail was queued.
 */
export async function offerEmail(em: EntityManager, services: Mail, user: IUser, address: string): Promise<boolean> {
  if (same(address, user.email)) {
    user.pendingEmail = null;
    return false;
  }
  if (same(address, user.pendingEmail)) return false;
  user.pendingEmail = address;
  await queueVerificationMail(em, services, user);
  return true;
}

/** Opens a verification link: idempotent (a second opening says it is done), refused when expired, forged or superseded. */
export async function verifyEmail(ctx: Context, token: string, now = new Date()): Promise<VerifyEmailResult> {
  const claim = await readVerifyToken(ctx.em, token);
  if (!claim) throw new AppError('BAD_REQUEST', VERIFY_MESSAGES.invalid);
  const user = await ctx.em.findOne(User, claim.userId);
  if (!user) throw new AppError('BAD_REQUEST', VERIFY_MESSAGES.invalid);
  if (same(user.email, claim.email) && !same(user.pendingEmail, claim.email)) return { email: user.email!, alreadyVerified: true };
  if (claim.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', VERIFY_MESSAGES.expired);
  if (!same(user.pendingEmail, claim.email)) throw new AppError('BAD_REQUEST', VERIFY_MESSAGES.superseded);
  user.email = user.pendingEmail;
  user.pendingEmail = null;
  user.emailVerifiedAt = now;
  await ctx.em.flush();
  return { email: user.email!, alreadyVerified: false };
}

/** Verification links sent again, per account (counted only when there is an address waiting for one). */
const RESEND_LIMIT = rateLimitInHandler('verify-resend');

/** Sends the pending address its link again, a few times an hour at most. */
export async function resendVerification(ctx: Context & { user: SessionUser }): Promise<{ ok: true; email: string }> {
  const user = await ctx.em.findOne(User, ctx.user.id);
  if (!user) throw new AppError('UNAUTHORIZED', 'You are not signed in.');
  if (!user.pendingEmail) throw new AppError('BAD_REQUEST', VERIFY_MESSAGES.nothingPending);
  const hit = await ctx.services.rateLimit(`${RESEND_LIMIT}:${user.id}`, VERIFY_RESEND_LIMIT, VERIFY_RESEND_WINDOW_MS);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', VERIFY_MESSAGES.tooMany);
  await queueVerificationMail(ctx.em, ctx.services, user);
  await ctx.em.flush();
  return { ok: true, email: user.pendingEmail };
}
