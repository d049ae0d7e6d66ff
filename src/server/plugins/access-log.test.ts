// Production request logging: no per-request lines by default, but errors, slow requests, samples and summaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testEnv } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';

interface Line {
  level: number;
  msg: string;
  url?: string;
  statusCode?: number;
  requests?: number;
  '2xx'?: number;
  '5xx'?: number;
}

async function productionApp(db: TestDatabase, settings: Record<string, string>) {
  const lines: Line[] = [];
  let onLine = (_line: Line) => {};
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as Line;
        lines.push(line);
        onLine(line);
      }
      done();
    },
  });
  const env = testEnv({ NODE_ENV: 'production', ...settings });
  const app = await buildApp({ orm: db.orm, env, closeOrm: false, logger: { level: 'info', stream } });
  // Test-only routes on the real app: one slower than the threshold, one that fails.
  app.get('/test/fast', async () => ({ ok: true }));
  app.get('/test/slow', async () => {
    await sleep(700);
    return { ok: true };
  });
  app.get('/test/fail', async () => {
    throw new Error('boom');
  });
  await app.ready();
  const next = (msg: string) =>
    new Promise<Line>((resolve) => {
      onLine = (line) => line.msg === msg && resolve(line);
    });
  return { app, lines, next };
}

describe('production access log', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let lines: Line[];
  let next: (msg: string) => Promise<Line>;
  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, lines, next } = await productionApp(db, { LOG_SLOW_MS: '600', LOG_ACCESS_SAMPLE: '0', LOG_SUMMARY_SECONDS: '1' }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('writes nothing for ordinary fast requests, but logs slow requests at warn and server errors at error', async () => {
    for (let i = 0; i < 20; i++) expect((await app.inject({ method: 'GET', url: '/test/fast' })).statusCode).toBe(200);
    expect(lines.filter((l) => l.url === '/test/fast' || /incoming request|request completed/.test(l.msg))).toEqual([]);

    await app.inject({ method: 'GET', url: '/test/slow' });
    expect(lines.find((l) => l.url === '/test/slow')).toMatchObject({ level: 40, msg: 'slow request', statusCode: 200 });

    expect((await app.inject({ method: 'GET', url: '/test/fail' })).statusCode).toBe(500);
    expect(lines.find((l) => l.url === '/test/fail')).toMatchObject({ level: 50, statusCode: 500 });
  });

  it('summarises the interval: request count and statuses by class', async () => {
    const summary = next('requests summary');
    await app.inject({ method: 'GET', url: '/test/fast' });
    const line = await summary;
    expect(line.level).toBe(30);
    expect(line.requests).toBeGreaterThan(0);
  });

  it('counts the kept public reads (replayed straight onto the socket) in the summary', async () => {
    const cached = await productionApp(db, { LOG_ACCESS_SAMPLE: '0', LOG_SUMMARY_SECONDS: '1', PUBLIC_CACHE_MS: '60000' });
    try {
      // The first read is answered as usual and kept; the next two are replayed from the kept answer.
      for (let i = 0; i < 3; i++) expect((await cached.app.inject({ method: 'GET', url: '/api/puppies/featured' })).statusCode).toBe(200);
      const summaries = () => cached.lines.filter((l) => l.msg === 'requests summary');
      // All three, in one summary or two (as the interval falls).
      await expect.poll(() => summaries().reduce((n, l) => n + (l.requests ?? 0), 0), { timeout: 5000 }).toBe(3);
      expect(summaries().reduce((n, l) => n + (l['2xx'] ?? 0), 0)).toBe(3);
    } finally {
      await cached.app.close();
    }
  });

  it("logs every request (Fastify's incoming and completed lines) when LOG_ACCESS_SAMPLE is 1", async () => {
    const sampled = await productionApp(db, { LOG_ACCESS_SAMPLE: '1', LOG_SUMMARY_SECONDS: '0' });
    try {
      for (let i = 0; i < 3; i++) await sampled.app.inject({ method: 'GET', url: '/test/fast' });
      expect(sampled.lines.filter((l) => l.msg === 'request completed')).toHaveLength(3);
    } finally {
      await sampled.app.close();
    }
  });
});
