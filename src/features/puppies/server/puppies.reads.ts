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

export interface PuppyFact {
  id: number;
  name: string;
  familyId: number | null;
  litterId: number | null;
  /** The public price in whole dollars (0 or null: contact for pricing). */
  price: number | null;
}

interface PuppyRow {
  id: number;
  name: string;
  family_id: number | null;
  litter_id: number | null;
  price: number | null;
}

const COLUMNS = `"id", "name", "family_id", "litter_id", "price"`;
const toFact = (r: PuppyRow): PuppyFact => ({
  id: Number(r.id),
  name: r.name,
  familyId: r.family_id === null ? null : Number(r.family_id),
  litterId: r.litter_id === null ? null : Number(r.litter_id),
  price: r.price === null ? null : Number(r.price),
});
const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/** These puppies (those that exist), by id. */
export async function puppiesByIds(em: EntityManager, ids: readonly number[]): Promise<PuppyFact[]> {
  if (!ids.length) return [];
  const rows = await em.execute<PuppyRow[]>(`select ${COLUMNS} from "puppies" where "id" in (${marks(ids)}) order by "id"`, [...ids]);
  return rows.map(toFact);
}

/** The puppies of these litters, by id. */
export async function puppiesOfLitters(em: EntityManager, litterIds: readonly number[]): Promise<PuppyFact[]> {
  if (!litterIds.length) return [];
  const rows = await em.execute<PuppyRow[]>(`select ${COLUMNS} from "puppies" where "litter_id" in (${marks(litterIds)}) order by "id"`, [
    ...litterIds,
  ]);
  return rows.map(toFact);
}

/** The puppies matched to these families, by id. */
export async function puppiesOfFamilies(em: EntityManager, familyIds: readonly number[]): Promise<PuppyFact[]> {
  if (!familyIds.length) return [];
  const rows = await em.execute<PuppyRow[]>(`select ${COLUMNS} from "puppies" where "family_id" in (${marks(familyIds)}) order by "id"`, [
    ...familyIds,
  ]);
  return rows.map(toFact);
}

/**
 * Puppies matched to a family (the family's, or any with `like` in their name when `familyIds` are given too),
 * ordered by family then puppy: the "matched families" pickers. `like` is a LIKE pattern (lib/server/sql likePattern).
 */
export async function matchedPuppies(
  em: EntityManager,
  filter: { like?: string; familyIds?: readonly number[]; limit: number },
): Promise<PuppyFact[]> {
  const ors: string[] = [];
  const params: unknown[] = [];
  if (filter.like !== undefined) {
    ors.push(`"name" ilike ?`);
    params.push(filter.like);
  }
  if (filter.familyIds?.length) {
    ors.push(`"family_id" in (${marks(filter.familyIds)})`);
    params.push(...filter.familyIds);
  }
  const search = filter.like !== undefined || filter.familyIds !== undefined ? `and (${ors.join(' or ') || 'false'})` : '';
  const rows = await em.execute<PuppyRow[]>(
    `select ${COLUMNS} from "puppies" where "family_id" is not null ${search} order by "family_id", "id" limit ?`,
    [...params, filter.limit],
  );
  return rows.map(toFact);
}

/** The ids of the puppies whose name matches `like` (a LIKE pattern). */
export async function puppyIdsNamed(em: EntityManager, like: string): Promise<number[]> {
  const rows = await em.execute<Array<{ id: number }>>(`select "id" from "puppies" where "name" ilike ? order by "id"`, [like]);
  return rows.map((r) => Number(r.id));
}

/** The ids of the families with a puppy whose name matches `like` (a LIKE pattern). */
export async function familiesWithPuppyNamed(em: EntityManager, like: string): Promise<number[]> {
  const rows = await em.execute<Array<{ family_id: number }>>(
    `select distinct "family_id" from "puppies" where "family_id" is not null and "name" ilike ?`,
    [like],
  );
  return rows.map((r) => Number(r.family_id));
}

/** Every puppy's id (a breeder's puppies: some hundreds over the years). */
export async function allPuppyIds(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<Array<{ id: number }>>(`select "id" from "puppies" order by "id"`);
  return rows.map((r) => Number(r.id));
}

/** The ids of the families matched with a puppy. */
export async function familiesWithPuppies(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<Array<{ family_id: number }>>(`select distinct "family_id" from "puppies" where "family_id" is not null`);
  return rows.map((r) => Number(r.family_id));
}
