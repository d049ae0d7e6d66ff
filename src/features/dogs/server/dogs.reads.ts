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

/** A parent as the import finds it: by registration number when it has one, else by name. */
const PARENT_KEY = (alias: string) => `coalesce(nullif(${alias}."registration_number", ''), ${alias}."name")`;

/** A puppy's litter as the import reads it back: the litter's name, the birth date (the puppy's) and its parents. */
export async function puppyLitters(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, { litter: string; birth_date: string | null; sire: string | null; dam: string | null }>> {
  const rows = await em.execute<{ id: number; name: string; day: string | null; sire: string | null; dam: string | null }[]>(
    `select l."id", l."name", coalesce(l."birth_date", l."expected_date") as "day", ${PARENT_KEY('s')} as "sire", ${PARENT_KEY('m')} as "dam"
     from "litters" l left join "parent_dogs" s on s."id" = l."sire_id" left join "parent_dogs" m on m."id" = l."dam_id"
     where l."id" in (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { litter: r.name, birth_date: r.day, sire: r.sire, dam: r.dam }]));
}
