// Accounts: registration, login with throttling and session rotation, logout.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError } from '../../../lib/server/errors.ts';
import { rateLimitInHandler, tooManyMessage, type Context, type SessionUser } from '../../../lib/server/trpc.ts';
import { clientNetwork } from '../../../lib/server/client-network.ts';
import {
  AUTH_MESSAGES,
  LOGIN_ATTACKED_NETWORK_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  usernameKey,
  UsernameSchema,
  type LoginInput,
  type RegisterInput,
} from '../auth.schema.ts';
import { User } from './user.entity.ts';
import { queueVerificationMail } from './email-verification.service.ts';
import { dummyVerify, hashPassword, needsRehash, verifyPassword } from './password.ts';
import {
  createSession,
  deleteSession,
  SESSION_COOKIE,
  sessionCookieOptions,
  toSessionUser,
  type SessionPolicy,
} from './session.service.ts';

export function policyOf(ctx: Pick<Context, 'services'>): SessionPolicy {
  const env = ctx.services.env;
  return { idleDays: env.sessionIdleDays, absoluteDays: env.sessionAbsoluteDays, secureCookies: env.secureCookies };
}

/**
 * Starts a fresh session for the user: any session the request came with is deleted first, so a
 * token planted before login is worthless after it (no session fixation).
 */
async function startSession(ctx: Context, userId: number): Promise<void> {
  if (ctx.sessionId) await deleteSession(ctx.em, ctx.sessionId);
  const policy = policyOf(ctx);
  const { token } = await createSession(ctx.em, userId, policy);
  ctx.req.setCookie?.(SESSION_COOKIE, token, sessionCookieOptions(policy));
}

export async function register(ctx: Context, input: RegisterInput): Promise<SessionUser> {
  const key = usernameKey(input.username);
  const taken = () => new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken, { username: [AUTH_MESSAGES.usernameTaken] });
  if ((await ctx.em.count(User, { usernameKey: key })) > 0) throw taken();
  // Only these fields are ever written: whatever else the payload carried (isAdmin…) was stripped by the schema.
  const user = ctx.em.create(User, {
    username: input.username,
    usernameKey: key,
    passwordHash: await hashPassword(input.password),
    // Not written to until proven: the address waits for its verification link (decision 108).
    email: null,
    pendingEmail: input.email,
    displayName: input.displayName || null,
    isAdmin: false,
    createdAt: new Date(),
  });
  try {
    await ctx.em.flush();
  } catch (error) {
    // Two registrations of one name at the same moment: the unique index decides.
    if (error instanceof UniqueConstraintViolationException) throw taken();
    throw error;
  }
  // Queued after the account exists (the link names its id); the session's flush below writes it.
  await queueVerificationMail(ctx.em, ctx.services, user);
  await startSession(ctx, user.id);
  return toSessionUser(user);
}

/** A name that breaks the username rules cannot belong to an account (and may hold bytes PostgreSQL refuses). */
function possibleUsername(username: string): boolean {
  return UsernameSchema.safeParse(username).success;
}

/**
 * Three counters, each hit before the password is checked (so parallel guesses cannot slip past):
 * - the address: stops one address spraying passwords over many usernames. A success takes back
 *   only its own hit, so signing in to one's own account never clears the failures before it;
 * - the username from this client network (/24, /64): stops guessing one account from one place,
 *   and is what the owner's own typos count against;
 * - the username from everywhere: when it is over its limit the account is under a distributed
 *   attack. It never refuses by itself (that would hand any stranger a lockout): each network then
 *   gets only a few checked attempts at that username, so the owner at home still signs in while a
 *   guesser needs a fresh network every few guesses.
 * The owner's successful login clears the counters of her username, and only those.
 */
/** Failed sign-ins, by address, network and username (a success takes its own back): counted in login(). */
const LOGIN_FAILURES = rateLimitInHandler('login-fail');

function throttleKeys(ctx: Context, username: string) {
  const who = possibleUsername(username)
    ? usernameKey(username)
    : `invalid:${createHash('sha256').update(username).digest('hex').slice(0, 32)}`;
  const network = clientNetwork(ctx.req.ip);
  return {
    address: `${LOGIN_FAILURES}:ip:${ctx.req.ip}`,
    network: `${LOGIN_FAILURES}:net:${network}:${who}`,
    username: `${LOGIN_FAILURES}:user:${who}`,
    underAttack: `${LOGIN_FAILURES}:attacked:${network}:${who}`,
  };
}

const refuse = (...hits: { retryAfterMs: number }[]) =>
  new AppError('TOO_MANY_REQUESTS', tooManyMessage(Math.max(...hits.map((h) => h.retryAfterMs))));

export async function login(ctx: Context, input: LoginInput): Promise<SessionUser> {
  const keys = throttleKeys(ctx, input.username);
  const hit = (key: string, limit: number) => ctx.services.rateLimit(key, limit, LOGIN_FAILURE_WINDOW_MS);
  const [address, network, username] = await Promise.all([
    hit(keys.address, LOGIN_FAILURE_LIMIT),
    hit(keys.network, LOGIN_FAILURE_LIMIT),
    hit(keys.username, LOGIN_FAILURE_LIMIT),
  ]);
  const blocked = [address, network].filter((h) => !h.allowed);
  if (blocked.length) throw refuse(...blocked);
  if (!username.allowed) {
    const budget = await hit(keys.underAttack, LOGIN_ATTACKED_NETWORK_LIMIT);
    if (!budget.allowed) throw refuse(budget, username);
  }

  const user = possibleUsername(input.username) ? await ctx.em.findOne(User, { usernameKey: usernameKey(input.username) }) : null;
  // Unknown usernames still cost one hash verification: same time, same message.
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await dummyVerify(input.password);
  if (!user || !ok) {
    // Under attack a wrong guess is told to wait, like a refused one, rather than invited to try again.
    throw username.allowed ? new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials) : refuse(username);
  }

  const { rateLimitUndo: undo, rateLimitReset: reset } = ctx.services;
  // Only this username's counters are cleared; the address keeps what it tried on other accounts.
  await Promise.all([undo(keys.address), reset(keys.network), reset(keys.username), reset(keys.underAttack)]);
  if (needsRehash(user.passwordHash)) {
    user.passwordHash = await hashPassword(input.password);
    await ctx.em.flush();
  }
  await startSession(ctx, user.id);
  return toSessionUser(user);
}

/** Deletes the session server-side and clears the cookie; harmless when signed out. */
export async function logout(ctx: Context): Promise<{ ok: true }> {
  if (ctx.sessionId) await deleteSession(ctx.em, ctx.sessionId);
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(policyOf(ctx));
  ctx.req.clearCookie?.(SESSION_COOKIE, options);
  return { ok: true };
}

/** Creates an admin, or makes an existing user one (CLI and ADMIN_USERNAME on start). */
export async function upsertAdmin(
  em: EntityManager,
  input: { username: string; password?: string },
): Promise<{ user: SessionUser; created: boolean; passwordChanged: boolean }> {
  const key = usernameKey(input.username);
  const existing = await em.findOne(User, { usernameKey: key });
  if (existing) {
    let passwordChanged = false;
    if (input.password !== undefined && !(await verifyPassword(existing.passwordHash, input.password))) {
      existing.passwordHash = await hashPassword(input.password);
      passwordChanged = true;
    }
    existing.isAdmin = true;
    await em.flush();
    return { user: toSessionUser(existing), created: false, passwordChanged };
  }
  if (input.password === undefined) throw new AppError('BAD_REQUEST', 'A password is required to create an admin.');
  const user = em.create(User, {
    username: input.username,
    usernameKey: key,
    passwordHash: await hashPassword(input.password),
    isAdmin: true,
    createdAt: new Date(),
  });
  await em.flush();
  return { user: toSessionUser(user), created: true, passwordChanged: true };
}

/** Grants or revokes admin rights; null when there is no such user. */
export async function setAdmin(em: EntityManager, username: string, isAdmin: boolean): Promise<SessionUser | null> {
  const user = await em.findOne(User, { usernameKey: usernameKey(username) });
  if (!user) return null;
  user.isAdmin = isAdmin;
  await em.flush();
  return toSessionUser(user);
}
