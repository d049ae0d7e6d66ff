import type { EntityManager } from '@mikro-orm/postgresql';

/** The site's time zone: the breeder's hours' zone (visit settings), UTC before she has any. */
export async function siteTimeZone(em: EntityManager): Promise<string> {
  const [row] = await em.execute<Array<{ time_zone: string }>>(`select "time_zone" from "visit_settings" where "id" = 1`);
  return row?.time_zone ?? 'America/Denver';
}
