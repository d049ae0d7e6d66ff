// What other parts of the app may read of the accounts (issue 47's face): plain objects, never entities.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The e-mail address and name of these accounts, by id (accounts that are gone are absent). */
export async function familyContacts(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, { family_email: string | null; family_name: string }>> {
  const rows = await em.execute<{ id: number; email: string | null; name: string }[]>(
    `select "id", "email", coalesce(nullif("display_name", ''), "username") as "name" from "users" where "id" in (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { family_email: r.email, family_name: r.name }]));
}

export interface AccountFact {
  id: number;
  username: string;
  displayName: string | null;
  /** The verified address (users.email holds only verified ones, decision 108). */
  email: string | null;
  isAdmin: boolean;
  /** How mail greets the family: its display name, else its username. */
  greeting: string;
}

interface AccountRow {
  id: number;
  username: string;
  display_name: string | null;
  email: string | null;
  is_admin: boolean;
}

const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');
const toFact = (r: AccountRow): AccountFact => ({
  id: Number(r.id),
  username: r.username,
  displayName: r.display_name,
  email: r.email,
  isAdmin: r.is_admin,
  greeting: r.display_name || r.username,
});

/** These accounts (those that exist), by id. */
export async function accountsByIds(em: EntityManager, ids: readonly number[]): Promise<Map<number, AccountFact>> {
  if (!ids.length) return new Map();
  const rows = await em.execute<AccountRow[]>(
    `select "id", "username", "display_name", "email", "is_admin" from "users" where "id" in (${marks(ids)})`,
    [...ids],
  );
  return new Map(rows.map((r) => [Number(r.id), toFact(r)]));
}

/** One account, or null. */
export async function accountById(em: EntityManager, id: number): Promise<AccountFact | null> {
  return (await accountsByIds(em, [id])).get(id) ?? null;
}

/** The ids of the accounts whose username or display name matches `like` (a LIKE pattern). */
export async function accountsNamed(em: EntityManager, like: string): Promise<number[]> {
  const rows = await em.execute<Array<{ id: number }>>(`select "id" from "users" where "username" ilike ? or "display_name" ilike ?`, [
    like,
    like,
  ]);
  return rows.map((r) => Number(r.id));
}

/** The family account (not the breeder's) that verified this address, the first one made; null if none. */
export async function familyWithAddress(em: EntityManager, email: string): Promise<number | null> {
  const [row] = await em.execute<Array<{ id: number }>>(
    `select "id" from "users" where lower("email") = ? and "is_admin" = false order by "id" limit 1`,
    [email.toLowerCase()],
  );
  return row ? Number(row.id) : null;
}

/** The breeder's accounts. */
export async function adminIds(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<Array<{ id: number }>>(`select "id" from "users" where "is_admin" order by "id"`);
  return rows.map((r) => Number(r.id));
}

/**
 * Locks the account's row until the caller's transaction ends: two requests of one account that count something of
 * its own (devices, say) against a cap wait for each other.
 */
export async function lockAccount(tx: EntityManager, id: number): Promise<void> {
  await tx.execute(`select 1 from "users" where "id" = ? for update`, [id]);
}

/**
 * The family accounts (not the breeder's) among these ids, by name as mail greets them (the database's order), then
 * id: at most `limit`.
 */
export async function familiesByName(em: EntityManager, ids: readonly number[], limit: number): Promise<AccountFact[]> {
  if (!ids.length) return [];
  const rows = await em.execute<AccountRow[]>(
    `select "id", "username", "display_name", "email", "is_admin" from "users" where not "is_admin" and "id" in (${marks(ids)})
      order by coalesce(nullif("display_name", ''), "username"), "id" limit ?`,
    [...ids, limit],
  );
  return rows.map(toFact);
}

/**
 * For SQL the database runs whole (a newsletter audience, issue 35): SQL selecting the verified addresses, lower case
 * and trimmed, of the accounts whose ids `idsSql` selects.
 */
export const accountAddressesSql = (idsSql: string) =>
  `select lower(trim(u."email")) from "users" u where u."id" in (${idsSql}) and u."email" is not null`;

/** Whether the site has a breeder's account yet (before it has, the first run's setup link is open). */
export async function adminExists(em: EntityManager): Promise<boolean> {
  const [row] = await em.execute<Array<{ any: boolean }>>(`select exists(select 1 from "users" where "is_admin") as "any"`);
  return row?.any === true;
}
