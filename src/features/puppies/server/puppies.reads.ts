// What other parts of the app may read of the puppies (issue 47's face): plain objects, never entities.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The puppies' names, by id (puppies that are gone are absent). */
export async function puppyNames(em: EntityManager, ids: readonly number[]): Promise<Map<number, { puppy: string }>> {
  const rows = await em.execute<{ id: number; name: string }[]>(
    `select "id", "name" from "puppies" where "id" in (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { puppy: r.name }]));
}
