// SQL helpers shared by the admin services.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';

/** Escapes SQL LIKE wildcards so a search for "50%" finds exactly that. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How many rows match `where`, counted only as far as `cap` (issue 35): a list's total costs at most `cap` index
 * entries, not the whole table. Returns the exact count when it is below the cap; otherwise `cap` and `capped`.
 */
export async function boundedCount<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const rows = await em.createQueryBuilder(entity).select('id' as never).where(where as never).limit(cap + 1).execute('all', false);
  return rows.length > cap ? { total: cap, capped: true } : { total: rows.length, capped: false };
}

/**
 * The trigram (pg_trgm) GIN index of each searched column of a table, as entity index declarations (decision 125):
 * `ILIKE '%…%'` over these columns is answered from the indexes on PostgreSQL and PGlite alike.
 * Created by Migration20261128155000_search_trigram_everywhere.
 */
export const trigramIndexes = (table: string, columns: readonly string[]) =>
  columns.map((column) => {
    const name = `${table}_${column}_trgm_index`;
    return { name, expression: `create index "${name}" on "${table}" using gin ("${column}" gin_trgm_ops)` };
  });
