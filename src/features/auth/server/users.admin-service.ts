// The dashboard's user management: list, promote or demote (never the last admin), reset a password.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, User, type IUser } from './user.entity.ts';
import { hashPassword } from './password.ts';
import { LAST_ADMIN_MESSAGE, type AdminUserDto } from '../auth.schema.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { keysetPage, type KeyOrder } from '../../../lib/server/keyset.ts';
import { type Page } from '../../../lib/shared/paging.ts';
import { AppError, notFound } from '../../../lib/server/errors.ts';

export function toAdminUserDto(u: IUser): AdminUserDto {
  return {
    id: u.id,
    username: u.username,
    // The family's one name (decision 108): its own, or its questionnaire's, which fills an empty one.
    name: u.displayName || null,
    email: u.email ?? null,
    pendingEmail: u.pendingEmail ?? null,
    isAdmin: u.isAdmin,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The list's order, as users_list_order_index holds it: the username key is unique, so it breaks every tie. */
const LIST_ORDER: KeyOrder = [
  { field: 'isAdmin', type: 'boolean', dir: 'desc' },
  { field: 'usernameKey', type: 'string', dir: 'asc' },
];

/** Administrators first, then by name; the search matches the username, the name or an address. */
export async function listUsers(em: EntityManager, input: { page: number; search?: string; after?: string }): Promise<Page<AdminUserDto>> {
  const where = input.search
    ? searchAny(
        input.search.toLowerCase(),
        ['usernameKey', 'displayName'],
        [
          ['email', 'email'],
          ['pendingEmail', 'pending_email'],
        ],
      )
    : {};
  const { rows, ...page } = await keysetPage(em, User, where, LIST_ORDER, input);
  return { ...page, items: rows.map(toAdminUserDto) };
}

/**
 * Promotes or demotes a user. The admin rows are locked for the check, so two admins demoting
 * each other at the same moment cannot leave the site without one.
 */
export async function setAdmin(em: EntityManager, id: number, isAdmin: boolean): Promise<AdminUserDto> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id });
    if (!user) throw notFound('User');
    if (user.isAdmin && !isAdmin) {
      const admins = await tx.find(User, { isAdmin: true }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
      if (admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    }
    user.isAdmin = isAdmin;
    await tx.flush();
    return toAdminUserDto(user);
  });
}

/**
 * Sets a new password and signs the user out everywhere (except the admin's own current session,
 * when resetting their own password).
 */
export async function resetPassword(em: EntityManager, id: number, password: string, keepSessionId: string | null): Promise<{ ok: true }> {
  const user = await em.findOne(User, { id });
  if (!user) throw notFound('User');
  user.passwordHash = await hashPassword(password);
  await em.flush();
  await em.nativeDelete(Session, keepSessionId ? { user: id, id: { $ne: keepSessionId } } : { user: id });
  return { ok: true };
}
