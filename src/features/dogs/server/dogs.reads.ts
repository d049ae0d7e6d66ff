// What other parts of the app may read of the dogs and litters (issue 47's face): plain objects, never entities.
import type { EntityManager } from '@mikro-orm/postgresql';

/** A litter's key as people and the import know it (its name and birth date, or expected date), by id. */
export async function litterKeys(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, { litter: string; litter_birth_date: string | null }>> {
  const rows = await em.execute<{ id: number; name: string; day: string | null }[]>(
    `select "id", "name", coalesce("birth_date", "expected_date") as "day" from "litters" where "id" in (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { litter: r.name, litter_birth_date: r.day }]));
}
