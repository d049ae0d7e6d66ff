// The applications' face for other features (issue 47): facts of a family's applications, never the answers; and for
// pick day (issue 50) the choice made the match the rest of the site reads, as the breeder's match does.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from './application.entity.ts';
import { recordEvent } from './applications.service.ts';
import { leaveList, lockWaitlists } from './waitlist-places.ts';

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

/** Whether the account has an application still standing (not withdrawn or declined), and one approved, waitlisted or matched. */
export async function applicationStanding(em: EntityManager, userId: number): Promise<{ applied: boolean; approved: boolean }> {
  const [row] = await em.execute<Array<{ approved: boolean; any: boolean }>>(
    `select coalesce(bool_or("status" in ('approved', 'waitlisted', 'matched')), false) as "approved",
            coalesce(bool_or("status" not in ('withdrawn', 'declined')), false) as "any"
       from "applications" where "user_id" = ?`,
    [userId],
  );
  return { applied: Boolean(row?.any), approved: Boolean(row?.approved) };
}

/** Each account's latest application, by account id (accounts without one are absent). */
export async function latestApplicationIds(em: EntityManager, userIds: readonly number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await em.execute<Array<{ user_id: number; id: number }>>(
    `select "user_id", max("id") as "id" from "applications" where "user_id" in (${userIds.map(() => '?').join(', ')}) group by "user_id"`,
    [...userIds],
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.id)]));
}

/**
 * For a newsletter audience counted and queued by the database (issue 35: the readers never pass through the
 * server): SQL selecting the addresses typed into applications not anonymised, lower case and trimmed; and SQL
 * selecting those applications' account ids (their accounts' addresses come from the accounts' face).
 */
export const applicantAddressesSql = () =>
  `select lower(trim(a."email")) from "applications" a where a."anonymised_at" is null and a."email" is not null`;
export const applicantAccountIdsSql = () => `select a."user_id" from "applications" a where a."anonymised_at" is null`;

/**
 * Takes the waitlists' lock until the transaction ends. A caller that will match calls it before it touches a puppy,
 * so it takes the locks in the order the breeder's match does (waitlists, then the puppy) and neither waits on the other.
 */
export const lockForMatch = (em: EntityManager): Promise<void> => lockWaitlists(em);

/** The application is matched to the puppy (its timeline says how) and leaves the waitlist. Needs lockForMatch. */
export async function matchApplication(
  em: EntityManager,
  input: { applicationId: number; puppyId: number; actor: SessionUser; message: string },
): Promise<void> {
  const app = await em.findOne(Application, { id: input.applicationId }, { refresh: true });
  if (!app || app.anonymisedAt) return;
  app.puppy = em.getReference(Puppy, input.puppyId);
  app.status = 'matched';
  recordEvent(em, app, 'matched', input.actor, input.message);
  await em.flush();
  await leaveList(em, app.id);
}
