// Test helper: a user with a real session row, and the cookie that signs requests in as that user.
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { User } from '../../features/auth/server/user.entity.ts';
import { createSession, SESSION_COOKIE, toSessionUser } from '../../features/auth/server/session.service.ts';
import { hashPassword } from '../../features/auth/server/password.ts';
import type { SessionUser } from '../../lib/server/trpc.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

let passwordHash: Promise<string> | undefined;

export interface SignInOptions {
  username?: string;
  isAdmin: boolean;
  /** Defaults to TEST_PASSWORD. */
  password?: string;
  /** A VERIFIED e-mail address for the account (decision 108), as if its link had been opened. */
  email?: string;
}

/**
 * Creates a user (argon2id hash) and a session directly in the database.
 * Use the cookie with app.inject({ headers: { cookie } }) or caller(user).
 */
export async function signIn(orm: MikroORM, options: SignInOptions): Promise<{ cookie: string; token: string; user: SessionUser }> {
  const username = options.username ?? `${options.isAdmin ? 'admin' : 'user'}_${randomBytes(4).toString('hex')}`;
  // Hashing costs ~80 ms; tests sign in often, so the default password's hash is made once.
  const hash = options.password === undefined ? await (passwordHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(options.password);
  const em = orm.em.fork();
  let user = await em.findOne(User, { usernameKey: username.toLowerCase() });
  if (user) {
    user.isAdmin = options.isAdmin;
  } else {
    user = em.create(User, {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: hash,
      isAdmin: options.isAdmin,
      createdAt: new Date(),
    });
  }
  if (options.email !== undefined) {
    user.email = options.email;
    user.emailVerifiedAt = new Date();
  }
  await em.flush();
  const { token } = await createSession(em, user.id, { idleDays: 14, absoluteDays: 60, secureCookies: false });
  return { cookie: `${SESSION_COOKIE}=${token}`, token, user: toSessionUser(user) };
}
