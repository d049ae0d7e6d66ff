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
