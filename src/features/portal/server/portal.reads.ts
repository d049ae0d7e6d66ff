// The family portal's face for other features (issue 47): pickups (the go-home countdown) and weights.
import type { EntityManager } from '@mikro-orm/postgresql';

const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/** Each of these puppies' pickup time, when one is set. */
export async function pickupTimes(em: EntityManager, puppyIds: readonly number[]): Promise<Map<number, Date>> {
  if (!puppyIds.length) return new Map();
  const rows = await em.execute<Array<{ puppy_id: number; at: Date | string }>>(
    `select "puppy_id", "at" from "puppy_pickups" where "puppy_id" in (${marks(puppyIds)})`,
    [...puppyIds],
  );
  return new Map(rows.map((r) => [Number(r.puppy_id), new Date(r.at)]));
}

/** Pickups after `after` (when given) up to `upTo` included, soonest first. */
export async function pickupsUpTo(em: EntityManager, upTo: Date, after?: Date): Promise<Array<{ puppyId: number; at: Date }>> {
  const rows = await em.execute<Array<{ puppy_id: number; at: Date | string }>>(
    `select "puppy_id", "at" from "puppy_pickups" where "at" <= ? ${after ? `and "at" > ?` : ''} order by "at", "puppy_id"`,
    after ? [upTo, after] : [upTo],
  );
  return rows.map((r) => ({ puppyId: Number(r.puppy_id), at: new Date(r.at) }));
}

/** Pickups from `from` (included) to `to` (excluded), soonest first. */
export async function pickupsBetween(em: EntityManager, from: Date, to: Date): Promise<Array<{ puppyId: number; at: Date }>> {
  const rows = await em.execute<Array<{ puppy_id: number; at: Date | string }>>(
    `select "puppy_id", "at" from "puppy_pickups" where "at" >= ? and "at" < ? order by "at" asc`,
    [from, to],
  );
  return rows.map((r) => ({ puppyId: Number(r.puppy_id), at: new Date(r.at) }));
}

/** Sets a puppy's pickup time (a pickup booking made in visits). */
export async function setPickup(em: EntityManager, puppyId: number, at: Date): Promise<void> {
  await em.execute(
    `insert into "puppy_pickups" ("puppy_id", "at") values (?, ?) on conflict ("puppy_id") do update set "at" = excluded."at"`,
    [puppyId, at],
  );
}

/** Clears a puppy's pickup time, only if it is still `at` (the booking's, not one the breeder set since). */
export async function clearPickup(em: EntityManager, puppyId: number, at: Date): Promise<void> {
  await em.execute(`delete from "puppy_pickups" where "puppy_id" = ? and "at" = ?`, [puppyId, at]);
}

/** Weighings of these puppies (the one source of weights), oldest first. */
export async function weighings(
  em: EntityManager,
  puppyIds: readonly number[],
): Promise<Array<{ puppyId: number; date: string; ounces: number }>> {
  if (!puppyIds.length) return [];
  const rows = await em.execute<Array<{ puppy_id: number; measured_on: string; ounces: number }>>(
    `select "puppy_id", "measured_on", "ounces" from "puppy_weights" where "puppy_id" in (${marks(puppyIds)}) order by "measured_on", "id"`,
    [...puppyIds],
  );
  return rows.map((r) => ({ puppyId: Number(r.puppy_id), date: r.measured_on, ounces: Number(r.ounces) }));
}
