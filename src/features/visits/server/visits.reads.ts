// The visits' face for other features (issue 47): the pickups families booked, and the breeder's time zone.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '../visits.schema.ts';

/** The start times of the confirmed pickup bookings of these puppies, as `<puppy id>@<epoch ms>`. */
export async function confirmedPickupBookings(em: EntityManager, puppyIds: readonly number[]): Promise<Set<string>> {
  if (!puppyIds.length) return new Set();
  const rows = await em.execute<Array<{ puppy_id: number; starts_at: Date | string }>>(
    `select "puppy_id", "starts_at" from "bookings" where "kind" = 'pickup' and "status" = 'confirmed' and "puppy_id" in (${puppyIds.map(() => '?').join(', ')})`,
    [...puppyIds],
  );
  return new Set(rows.map((r) => `${Number(r.puppy_id)}@${new Date(r.starts_at).getTime()}`));
}

/** The breeder's time zone: her visiting hours' zone (the default before she set any). Backups and the PDFs use it. */
export async function breederTimeZone(em: EntityManager): Promise<string> {
  const [row] = await em.execute<Array<{ time_zone: string }>>(`select "time_zone" from "visit_settings" where "id" = 1`);
  return row?.time_zone?.trim() || DEFAULT_TIME_ZONE;
}
