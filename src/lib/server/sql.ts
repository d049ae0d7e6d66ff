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
