import { defineEntity, p } from '@mikro-orm/core';

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
    /** Where the site writes to this family (applications, puppy updates); optional for accounts made before it was asked. */
    email: p.string().length(254).nullable(),
    /** How the family is greeted ("The Parkers"); the username when empty. */
    displayName: p.string().length(100).nullable(),
    isAdmin: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
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
