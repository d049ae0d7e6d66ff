// Rate-limit counters are shared by every instance: two apps on one database (or one Redis) behave as one site.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { useTestApp, testEnv, TEST_ORIGIN } from '../../server/testing/test-app.ts';
import { redisRateLimitStore } from './rate-limit-store.ts';

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

const login = (app: FastifyInstance, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    remoteAddress: `10.9.0.${i}`,
    payload: { username: 'shared_target', password: `wrong-guess-${i}` },
  });

/** 5 failures on each of two instances, then the 11th attempt, on either, is refused. */
async function expectSharedBudget(a: FastifyInstance, b: FastifyInstance) {
  for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a, i)).statusCode).toBe(401);
  expect((await login(a, 100)).statusCode).toBe(429);
  expect((await login(b, 101)).statusCode).toBe(429);
}

// A user's fresh machine has no Redis; CI's has (and .ci/run installs it when missing), so there the
// Redis case always runs.
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe('rate limits across instances', () => {
  const t = useTestApp();
  let redis: ChildProcess | undefined;
  let redisUrl = '';

  beforeAll(async () => {
    if (!hasRedis) return;
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

  it('shares one budget through PostgreSQL between two app instances', async () => {
    const second = await buildApp({ orm: t.orm, env: testEnv(), closeOrm: false, logger: false });
    try {
      await expectSharedBudget(t.app, second);
    } finally {
      await second.close();
    }
  });

  it.runIf(hasRedis)('shares one budget through Redis when REDIS_URL is set, and keeps nothing in the database', async () => {
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

  it.runIf(hasRedis)('the Redis store counts in fixed windows, reports the time left and forgets on reset', async () => {
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
