// SHUTDOWN_DELAY_MS (decision 168): told to stop, an instance first leaves its balancer's rotation (/readyz 503) while
// it still takes connections and serves them, and only then stops listening: a balancer never finds the port closed
// while it still sends requests there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { buildApp } from './app.ts';
import { drainOnShutdown } from './shutdown.ts';
import { testEnv } from './testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('shutdown with a delay', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers /readyz 503 and keeps serving new connections for the delay, then stops listening', async () => {
    const app = await buildApp({ orm: db.orm, env: testEnv(), closeOrm: false, logger: false });
    const delayMs = 1500;
    const drainer = drainOnShutdown(app, { graceMs: 1000, delayMs });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const started = performance.now();
      const closing = drainer.shutdown();
      // Out of rotation at once ...
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      // ... while a new connection is still taken and served, and told to close.
      expect(await connects(port)).toBe(true);
      const served = await fetch(`${base}/healthz`);
      expect(served.status).toBe(200);
      expect(served.headers.get('connection')).toBe('close');
      await closing;
      expect(performance.now() - started).toBeGreaterThanOrEqual(delayMs);
      expect(await connects(port)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
