import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';
import type { EntityManager } from '@mikro-orm/postgresql';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** As typed by the user. */
    username: p.string().length(32),
    /** Lower-cased copy that enforces uniqueness ignoring case. */
    usernameKey: p.string().length(32).unique(),
    passwordHash: p.string().length(255).hidden(),
    /**
     * Where the site writes to this family (applications, puppy updates): only ever a VERIFIED address
     * (decision 108). Family mail reads this column and nothing else, so an unproven address gets nothing.
     */
    email: p.string().length(254).nullable(),
    /** When `email` was proven by a verification link (null: never, or set by an administrator's seed). */
    emailVerifiedAt: p.datetime().nullable(),
    /** An address given but not verified yet; the verified `email` keeps receiving until this one is verified. */
    pendingEmail: p.string().length(254).nullable(),
    /** How the family is greeted ("The Parkers"); the username when empty. */
    displayName: p.string().length(100).nullable(),
    isAdmin: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // The dashboard list's order, so a page is read from the index, not sorted from the table (issue 35).
  indexes: [
    { name: 'users_list_order_index', expression: 'create index "users_list_order_index" on "users" ("is_admin" desc, "username_key")' },
    ...trigramIndexes('users', ['username_key', 'display_name', 'email', 'pending_email']),
  ],
});
export type IUser = InstanceType<typeof User.class>;

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    /** sha256 of the cookie token; the token itself is never stored. */
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().index(),
  },
});
export type ISession = InstanceType<typeof Session.class>;

/**
 * The one address a family's mail (application e-mails, update digests) may go to: the account's verified
 * e-mail, or null when it has none, so an unproven address receives nothing but its verification link (decision 108).
 */
export async function familyMailAddress(em: EntityManager, userId: number | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const user = await em.findOne(User, userId, { fields: ['email'] });
  return user?.email ?? null;
}
