// The applications' face for other features (issue 47): facts of a family's applications, never the answers; and for
// pick day (issue 50) the choice made the match the rest of the site reads, as the breeder's match does.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from './application.entity.ts';
import { recordEvent } from './applications.service.ts';
import { leaveList, listIds, lockWaitlists } from './waitlist-places.ts';

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

export interface WaitlistPlacement {
  /** The application. */
  id: number;
  /** Whose list (null: the general waitlist). */
  litterId: number | null;
  /** 1-based place asked for (clamped to the list); null: at the end. */
  place: number | null;
}

/**
 * writeList's result for long lists (a whole imported waitlist): the same negative-first rewrite, in one statement per
 * few thousand places rather than one per place.
 */
async function writeLongList(em: EntityManager, litterId: number | null, ids: readonly number[]): Promise<void> {
  await em.execute(
    'update applications set waitlist_position = -waitlist_position where waitlist_position > 0 and coalesce(waitlist_litter_id, 0) = ?',
    [litterId ?? 0],
  );
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    await em.execute(
      `update applications a set waitlist_litter_id = ?, waitlist_position = v.place + ? from unnest(array[?]::int[]) with ordinality as v(id, place) where a.id = v.id`,
      [litterId, i, chunk],
    );
  }
}

/**
 * Puts applications at their places, each list rewritten once (1..n, under the waitlist lock): the families already
 * on a list keep their order around the ones placed. Call inside a transaction.
 */
export async function placeOnWaitlists(em: EntityManager, placements: readonly WaitlistPlacement[]): Promise<void> {
  if (!placements.length) return;
  await lockWaitlists(em);
  const moving = new Set(placements.map((p) => p.id));
  const ids = [...moving];
  const affected = new Set<number>(placements.map((p) => p.litterId ?? 0));
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await em.execute<{ litter: number | null }[]>(
      `select distinct coalesce(waitlist_litter_id, 0) as litter from applications where id in (?) and waitlist_position is not null`,
      [ids.slice(i, i + 1000)],
    );
    for (const r of rows) affected.add(Number(r.litter));
    await em.execute(`update applications set waitlist_position = null where id in (?)`, [ids.slice(i, i + 1000)]);
  }
  for (const list of affected) {
    const litterId = list === 0 ? null : list;
    const order = (await listIds(em, litterId)).filter((id) => !moving.has(id));
    const here = placements.filter((p) => (p.litterId ?? 0) === list);
    const placed = here.filter((p) => p.place !== null).sort((a, b) => a.place! - b.place!);
    for (const p of placed) order.splice(Math.min(Math.max(p.place! - 1, 0), order.length), 0, p.id);
    for (const p of here) if (p.place === null) order.push(p.id);
    await writeLongList(em, litterId, order);
  }
}

/** Rewrites lists as 1..n in their present order (after applications left them). Call inside a transaction. */
export async function closeWaitlistGaps(em: EntityManager, litterIds: ReadonlyArray<number | null>): Promise<void> {
  await lockWaitlists(em);
  for (const list of new Set(litterIds.map((l) => l ?? 0))) {
    const litterId = list === 0 ? null : list;
    await writeLongList(em, litterId, await listIds(em, litterId));
  }
}
