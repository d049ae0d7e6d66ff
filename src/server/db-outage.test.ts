// Database outages on the embedded database: a clear 503 with Retry-After (never a 500 or a hang) while every
// connection is busy, and /readyz reporting the engine gone within a second. On a PostgreSQL server (the pool healing
// after connections die mid-transaction, the server unreachable): db-outage.postgres.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { buildApp } from './app.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { pageServing, testEnv } from './testing/test-app.ts';
import { embeddedCopy } from './testing/test-db.ts';
import { expectUnavailable, holdConnections, readyz, REST, TRPC } from './testing/db-outage.ts';

describe('embedded database busy past the acquire timeout', () => {
  let pglite: PGlite;
  let orm: MikroORM;
  let app: FastifyInstance;
  beforeAll(async () => {
    // The migrated embedded template, whatever the run's database is.
    pglite = (await embeddedCopy()).pglite;
    orm = await openDatabase({ pglite, acquireTimeoutMs: 300 });
    // With the pages rendered as the build does, so a page's reads meet the outage too.
    app = await buildApp({ orm, env: testEnv(), closeOrm: false, logger: false, ...pageServing() });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (orm) await closeDatabase(orm);
    await pglite?.close();
  });

  it('answers 503 with Retry-After on REST and tRPC while /readyz stays 200 (busy is not down), then 200 once free', async () => {
    const hold = holdConnections(orm, 1);
    await hold.held;
    await expectUnavailable(app, REST);
    await expectUnavailable(app, TRPC);
    // A page whose reads meet the outage says so with the same 503 and Retry-After, not a 500.
    for (const url of ['/', '/blog']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(503);
      expect(Number(page.headers['retry-after']), url).toBeGreaterThan(0);
      expect(page.headers['content-type'], url).toContain('text/html');
    }
    // Busy is not down: the engine still answers, so the instance stays in the balancer (issue 28).
    const during = await readyz(app);
    expect(during.status).toBe(200);
    expect(during.ms).toBeLessThan(1000);
    const results = await hold.release();
    expect(results.map((r) => r.status)).toEqual(['fulfilled']);
    expect((await readyz(app)).status).toBe(200);
    expect((await app.inject({ method: 'GET', url: REST })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/blog' })).statusCode).toBe(200);
  });
});

describe('embedded database closed', () => {
  it('/readyz answers 503 within a second once the engine is gone, /healthz still 200', async () => {
    const { pglite } = await embeddedCopy();
    const orm = await openDatabase({ pglite, acquireTimeoutMs: 300 });
    const app = await buildApp({ orm, env: testEnv(), closeOrm: false, logger: false });
    try {
      await app.ready();
      expect((await readyz(app)).status).toBe(200);
      await pglite.close();
      const down = await readyz(app);
      expect(down.status).toBe(503);
      expect(down.ms).toBeLessThan(1000);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await orm.close(true);
      if (!pglite.closed) await pglite.close();
    }
  });
});
