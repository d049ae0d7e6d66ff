// Fixed-window rate limiting with counters in PostgreSQL, so several instances share one budget.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

export type RateLimiter = (key: string, limit: number, windowMs: number) => Promise<{ allowed: boolean; retryAfterMs: number }>;

export function databaseRateLimiter(orm: MikroORM): RateLimiter {
  return async (key, limit, windowMs) => {
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ count: number; reset_at: Date | string }[]>(
        `insert into rate_limits (key, count, reset_at) values (?, 1, now() + (? * interval '1 millisecond'))
       on conflict (key) do update set
         count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
         reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
       returning count, reset_at`,
        [key.slice(0, 200), windowMs],
      );
    const row = rows[0]!;
    const resetAt = new Date(row.reset_at).getTime();
    return { allowed: row.count <= limit, retryAfterMs: Math.max(0, resetAt - Date.now()) };
  };
}

/** Deletes expired counters; called periodically. */
export async function purgeRateLimits(em: EntityManager) {
  await em.getConnection().execute(`delete from rate_limits where reset_at <= now()`);
}
