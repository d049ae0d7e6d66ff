// Where rate-limit counters live: PostgreSQL (default, shared by every instance) or Redis when REDIS_URL is set.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { databaseRateLimiter, type RateLimiter } from './rate-limit.ts';

export interface RateLimitStore {
  /** Counts one hit against key's fixed window; allowed while the count is within limit. */
  hit: RateLimiter;
  /** Forgets key's counter (e.g. a successful login clears its failures). */
  reset: (key: string) => Promise<void>;
  /** Takes back one hit within the current window (a success that was counted before it was known). */
  undo: (key: string) => Promise<void>;
  close: () => Promise<void>;
}

function databaseRateLimitStore(orm: MikroORM): RateLimitStore {
  return {
    hit: databaseRateLimiter(orm),
    reset: async (key) => {
      await orm.em
        .fork()
        .getConnection()
        .execute(`delete from rate_limits where key = ?`, [key.slice(0, 200)]);
    },
    undo: async (key) => {
      await orm.em
        .fork()
        .getConnection()
        .execute(`update rate_limits set count = count - 1 where key = ? and count > 0 and reset_at > now()`, [key.slice(0, 200)]);
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

// DECR keeps the key's expiry; a key that already expired is left alone.
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

export function redisRateLimitStore(url: string): RateLimitStore {
  // Loaded only where Redis is configured: the client library costs about 8 MB of memory.
  const client: Promise<Redis> = import('ioredis').then(
    ({ Redis: RedisClient }) => new RedisClient(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false }),
  );
  const prefix = 'rl:';
  return {
    hit: async (key, limit, windowMs) => {
      const redis = await client;
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key.slice(0, 200), String(windowMs))) as [number, number];
      return { allowed: count <= limit, retryAfterMs: Math.max(0, ttl) };
    },
    reset: async (key) => {
      const redis = await client;
      await redis.del(prefix + key.slice(0, 200));
    },
    undo: async (key) => {
      const redis = await client;
      await redis.eval(UNDO_SCRIPT, 1, prefix + key.slice(0, 200));
    },
    close: async () => {
      const redis = await client;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimitStore(orm: MikroORM, redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? redisRateLimitStore(redisUrl) : databaseRateLimitStore(orm);
}
