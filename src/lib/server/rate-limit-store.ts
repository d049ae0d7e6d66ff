// Where rate-limit counters live: PostgreSQL (default, shared by every instance) or Redis when REDIS_URL is set.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { databaseRateLimiter, type RateLimiter } from './rate-limit.ts';
import type { AppServices } from './trpc.ts';

export interface RateLimitStore {
  /** Counts one hit against key's fixed window; allowed while the count is within limit. */
  hit: RateLimiter;
  /** Forgets key's counter (e.g. a successful login clears its failures). */
  reset: (key: string) => Promise<void>;
  close: () => Promise<void>;
}

function databaseRateLimitStore(orm: MikroORM): RateLimitStore {
  return {
    hit: databaseRateLimiter(orm),
    reset: async (key) => {
      await orm.em.fork().getConnection().execute(`delete from rate_limits where key = ?`, [key.slice(0, 200)]);
    },
    close: async () => {},
  };
}

// INCR, and start the window on the first hit; one round trip, atomic across instances.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export function redisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
  const prefix = 'rl:';
  return {
    hit: async (key, limit, windowMs) => {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key.slice(0, 200), String(windowMs))) as [number, number];
      return { allowed: count <= limit, retryAfterMs: Math.max(0, ttl) };
    },
    reset: async (key) => {
      await redis.del(prefix + key.slice(0, 200));
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimitStore(orm: MikroORM, redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? redisRateLimitStore(redisUrl) : databaseRateLimitStore(orm);
}

/** The reset function buildApp() registers as services.rateLimitReset. */
export function rateLimitResetOf(services: Pick<AppServices, 'rateLimitReset'>): (key: string) => Promise<void> {
  return services.rateLimitReset;
}
