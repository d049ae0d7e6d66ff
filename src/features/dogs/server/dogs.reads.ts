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

export interface LitterFact {
  id: number;
  name: string;
  /** YYYY-MM-DD, once born. */
  birthDate: string | null;
  motherName: string;
  fatherName: string;
  damId: number | null;
  sireId: number | null;
}

interface LitterRow {
  id: number;
  name: string;
  birth_date: string | null;
  mother_name: string;
  father_name: string;
  dam_id: number | null;
  sire_id: number | null;
}

const COLUMNS = `"id", "name", "birth_date", "mother_name", "father_name", "dam_id", "sire_id"`;
const orNull = (v: number | null) => (v === null ? null : Number(v));
const toFact = (r: LitterRow): LitterFact => ({
  id: Number(r.id),
  name: r.name,
  birthDate: r.birth_date,
  motherName: r.mother_name,
  fatherName: r.father_name,
  damId: orNull(r.dam_id),
  sireId: orNull(r.sire_id),
});
const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/** These litters (those that exist). */
export async function littersByIds(em: EntityManager, ids: readonly number[]): Promise<LitterFact[]> {
  if (!ids.length) return [];
  const rows = await em.execute<LitterRow[]>(`select ${COLUMNS} from "litters" where "id" in (${marks(ids)}) order by "id"`, [...ids]);
  return rows.map(toFact);
}

/** Litters born from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
export async function littersBornBetween(em: EntityManager, from: string, to: string): Promise<LitterFact[]> {
  const rows = await em.execute<LitterRow[]>(
    `select ${COLUMNS} from "litters" where "birth_date" is not null and "birth_date" >= ? and "birth_date" <= ? order by "birth_date", "id"`,
    [from, to],
  );
  return rows.map(toFact);
}

/** The `limit` litters born last, newest first. */
export async function latestBornLitters(em: EntityManager, limit: number): Promise<LitterFact[]> {
  const rows = await em.execute<LitterRow[]>(
    `select ${COLUMNS} from "litters" where "birth_date" is not null order by "birth_date" desc, "id" desc limit ?`,
    [limit],
  );
  return rows.map(toFact);
}

/** Every litter's id (a breeder's litters: a few a year). */
export async function allLitterIds(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<Array<{ id: number }>>(`select "id" from "litters" order by "id"`);
  return rows.map((r) => Number(r.id));
}

/** A page of litters, newest born first (unborn ones before), searched by name (`like`: a LIKE pattern). */
export async function litterPage(
  em: EntityManager,
  input: { like?: string; limit: number; offset: number },
): Promise<{ items: LitterFact[]; total: number }> {
  const where = input.like !== undefined ? `where "name" ilike ?` : '';
  const params = input.like !== undefined ? [input.like] : [];
  const [count] = await em.execute<Array<{ total: string | number }>>(`select count(*) as "total" from "litters" ${where}`, params);
  const rows = await em.execute<LitterRow[]>(
    `select ${COLUMNS} from "litters" ${where} order by "birth_date" desc nulls first, "id" desc limit ? offset ?`,
    [...params, input.limit, input.offset],
  );
  return { items: rows.map(toFact), total: Number(count?.total ?? 0) };
}

export interface ParentFact {
  id: number;
  name: string;
  registeredName: string;
  registry: string;
  registrationNumber: string;
  /** Its health tests in the breeder's order. */
  tests: Array<{ kind: string; test: string; result: string; date: string | null }>;
}

/** These parent dogs with their health tests. */
export async function parentsWithTests(em: EntityManager, ids: readonly number[]): Promise<ParentFact[]> {
  if (!ids.length) return [];
  const dogs = await em.execute<
    Array<{ id: number; name: string; registered_name: string; registry: string; registration_number: string }>
  >(`select "id", "name", "registered_name", "registry", "registration_number" from "parent_dogs" where "id" in (${marks(ids)})`, [...ids]);
  const tests = await em.execute<Array<{ dog_id: number; kind: string; test: string; result: string; date: string | null }>>(
    `select "dog_id", "kind", "test", "result", "date" from "dog_health_tests" where "dog_id" in (${marks(ids)}) order by "position", "id"`,
    [...ids],
  );
  return dogs.map((d) => ({
    id: Number(d.id),
    name: d.name,
    registeredName: d.registered_name,
    registry: d.registry,
    registrationNumber: d.registration_number,
    tests: tests
      .filter((t) => Number(t.dog_id) === Number(d.id))
      .map((t) => ({ kind: t.kind, test: t.test, result: t.result, date: t.date })),
  }));
}

/** Whether a litter or a parent dog was added after this moment (the go-live checklist's "a litter or a parent"). */
export async function dogsAddedSince(em: EntityManager, since: Date): Promise<boolean> {
  const [row] = await em.execute<Array<{ any: boolean }>>(
    `select exists(select 1 from "litters" where "created_at" > ?) or exists(select 1 from "parent_dogs" where "created_at" > ?) as "any"`,
    [since, since],
  );
  return row?.any === true;
}
