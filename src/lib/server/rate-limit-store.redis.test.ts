// Rate-limit counters through Redis (REDIS_URL): two apps on one Redis behave as one site, and the Redis store's
// fixed windows. vitest.config.ts runs this file where redis-server is installed (CI's .ci/run installs it); each run
// starts its own redis-server on a free port.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { buildApp } from '../../server/app.ts';
import { useTestApp, testEnv } from '../../server/testing/test-app.ts';
import { redisRateLimitStore } from './rate-limit-store.ts';
import { expectSharedBudget } from '../../server/testing/rate-limit.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe('rate limits through Redis', () => {
  const t = useTestApp();
  let redis: ChildProcess | undefined;
  let redisUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redisUrl = `redis://127.0.0.1:${port}`;
    // Ready once it accepts a connection.
    await vi.waitFor(
      () =>
        new Promise<void>((resolve, reject) => {
          const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve()));
          s.on('error', reject);
        }),
      { timeout: 5_000, interval: 20 },
    );
  });
  afterAll(() => {
    redis?.kill();
  });

  it('shares one budget through Redis when REDIS_URL is set, and keeps nothing in the database', async () => {
    const env = testEnv({ REDIS_URL: redisUrl });
    const a = await buildApp({ orm: t.orm, env, closeOrm: false, logger: false });
    const b = await buildApp({ orm: t.orm, env, closeOrm: false, logger: false });
    try {
      await t.orm.em.fork().getConnection().execute('delete from rate_limits');
      await expectSharedBudget(a, b);
      const rows = await t.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*) as n from rate_limits');
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('the Redis store counts in fixed windows, reports the time left and forgets on reset', async () => {
    const store = redisRateLimitStore(redisUrl);
    try {
      const key = `unit:${Date.now()}`;
      const first = await store.hit(key, 2, 60_000);
      expect(first.allowed).toBe(true);
      expect(first.retryAfterMs).toBeGreaterThan(59_000);
      expect((await store.hit(key, 2, 60_000)).allowed).toBe(true);
      expect((await store.hit(key, 2, 60_000)).allowed).toBe(false);
      await store.reset(key);
      expect((await store.hit(key, 2, 60_000)).allowed).toBe(true);
      // Undo takes back one hit, never more than were counted.
      expect((await store.hit(key, 2, 60_000)).allowed).toBe(true);
      await store.undo(key);
      expect((await store.hit(key, 2, 60_000)).allowed).toBe(true);
      expect((await store.hit(key, 2, 60_000)).allowed).toBe(false);
      const fresh = `undo:${Date.now()}`;
      await store.undo(fresh);
      expect((await store.hit(fresh, 1, 60_000)).allowed).toBe(true);
      // A short window refuses the second hit, then lets one through again once Redis expires it.
      const short = `short:${Date.now()}`;
      expect((await store.hit(short, 1, 200)).allowed).toBe(true);
      expect((await store.hit(short, 1, 200)).allowed).toBe(false);
      await vi.waitFor(async () => expect((await store.hit(short, 1, 200)).allowed).toBe(true), { timeout: 2_000, interval: 25 });
    } finally {
      await store.close();
    }
  });
});
