// The applications' face for other features (issue 47): facts of a family's applications, never the answers.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The deposit (whole dollars) recorded on the family's latest application that has one; null if none. */
export async function applicationDeposit(em: EntityManager, userId: number): Promise<number | null> {
  const [row] = await em.execute<Array<{ deposit_amount: number }>>(
    `select "deposit_amount" from "applications" where "user_id" = ? and "deposit_amount" is not null order by "id" desc limit 1`,
    [userId],
  );
  return row ? Number(row.deposit_amount) : null;
}

/** An application's account (null: sent without one, or since deleted) and the address typed in it; null if none. */
export async function applicationContact(em: EntityManager, id: number): Promise<{ userId: number | null; email: string } | null> {
  const [row] = await em.execute<Array<{ user_id: number | null; email: string }>>(
    `select "user_id", "email" from "applications" where "id" = ?`,
    [id],
  );
  return row ? { userId: row.user_id === null ? null : Number(row.user_id), email: row.email } : null;
}
