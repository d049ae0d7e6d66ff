// Server-side sessions: random cookie tokens, only their sha256 stored, idle and absolute expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, type IUser } from './user.entity.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';

export const SESSION_COOKIE = 'sid';
const DAY_MS = 86_400_000;
/** lastSeenAt is written at most this often, so reads do not turn into a write per request. */
export const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionPolicy {
  idleDays: number;
  absoluteDays: number;
  secureCookies: boolean;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toSessionUser(user: Pick<IUser, 'id' | 'username' | 'isAdmin' | 'displayName'>): SessionUser {
  return { id: user.id, username: user.username, isAdmin: user.isAdmin, displayName: user.displayName ?? null };
}

export function sessionCookieOptions(policy: SessionPolicy) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: policy.secureCookies,
    // The browser may keep it until the absolute expiry; the server enforces the idle limit.
    maxAge: Math.floor(policy.absoluteDays * 86_400),
  };
}

function expiryOf(createdAt: Date, lastSeenAt: Date, policy: SessionPolicy): Date {
  return new Date(Math.min(lastSeenAt.getTime() + policy.idleDays * DAY_MS, createdAt.getTime() + policy.absoluteDays * DAY_MS));
}

/** Creates a session row for the user and returns the token for the cookie (the only copy of it). */
export async function createSession(
  em: EntityManager,
  userId: number,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = hashToken(token);
  em.create(Session, {
    id: sessionId,
    user: userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: expiryOf(now, now, policy),
  });
  await em.flush();
  return { token, sessionId };
}

/**
 * The user behind a cookie token, or null when the token is unknown or the session expired
 * (an expired row is deleted on sight). Refreshes lastSeenAt at most once a minute.
 */
export async function resolveSession(
  em: EntityManager,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const sessionId = hashToken(token);
  const session = await em.findOne(Session, { id: sessionId }, { populate: ['user'] });
  if (!session) return null;
  const expiresAt = expiryOf(session.createdAt, session.lastSeenAt, policy);
  if (expiresAt.getTime() <= now.getTime() || session.expiresAt.getTime() <= now.getTime()) {
    await em.nativeDelete(Session, { id: sessionId });
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await em.nativeUpdate(Session, { id: sessionId }, { lastSeenAt: now, expiresAt: expiryOf(session.createdAt, now, policy) });
  }
  return { user: toSessionUser(session.user), sessionId };
}

export async function deleteSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(Session, { id: sessionId });
}

/** Which of these sessions still exist (live streams look theirs up again after missing deletions). */
export async function existingSessionIds(em: EntityManager, sessionIds: string[]): Promise<Set<string>> {
  const rows = await em.find(Session, { id: { $in: sessionIds } }, { fields: ['id'] });
  return new Set(rows.map((row) => row.id));
}

export async function deleteSessionsOfUser(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(Session, { user: userId });
}

/** Deletes every session past its expiry (also by today's policy, should it have been shortened); returns how many. */
export async function purgeExpiredSessions(em: EntityManager, policy: SessionPolicy, now = new Date()): Promise<number> {
  return em.nativeDelete(Session, {
    $or: [
      { expiresAt: { $lte: now } },
      { lastSeenAt: { $lte: new Date(now.getTime() - policy.idleDays * DAY_MS) } },
      { createdAt: { $lte: new Date(now.getTime() - policy.absoluteDays * DAY_MS) } },
    ],
  });
}
