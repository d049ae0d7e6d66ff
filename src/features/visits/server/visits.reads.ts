// The visits' face for other features (issue 47): the pickups families booked.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The start times of the confirmed pickup bookings of these puppies, as `<puppy id>@<epoch ms>`. */
export async function confirmedPickupBookings(em: EntityManager, puppyIds: readonly number[]): Promise<Set<string>> {
  if (!puppyIds.length) return new Set();
  const rows = await em.execute<Array<{ puppy_id: number; starts_at: Date | string }>>(
    `select "puppy_id", "starts_at" from "bookings" where "kind" = 'pickup' and "status" = 'confirmed' and "puppy_id" in (${puppyIds.map(() => '?').join(', ')})`,
    [...puppyIds],
  );
  return new Set(rows.map((r) => `${Number(r.puppy_id)}@${new Date(r.starts_at).getTime()}`));
}
