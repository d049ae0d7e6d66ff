// Builds the real app on a fresh database for one test file; closes both afterwards.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { ROOT_DIR } from '../db.ts';
import { loadEnv, type Env } from '../env.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import { appRouter } from '../router.ts';
import { type Context, type SessionUser } from '../../lib/server/trpc.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    APP_ORIGIN: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'doodle-test-')),
    LOG_LEVEL: 'silent',
    // Tests write to the database directly and read back at once; public-cache.test.ts turns it on.
    PUBLIC_CACHE_MS: '0',
    // The site health checks ask a resolver that answers at once (nothing listens): tests never wait on the internet's DNS.
    DNS_SERVERS: '127.0.0.1:9',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  orm: MikroORM;
  env: Env;
  /** A tRPC caller as a given user (or a visitor), through the same context shape the server builds. */
  caller: (user?: SessionUser | null, ip?: string) => ReturnType<(typeof appRouter)['createCaller']>;
}

/**
 * The page server as the build gives it: a document with the head's placeholder, and the app's real
 * server entry (vitest compiles it) to render pages and their heads.
 */
export function pageServing(): { clientDir: string; ssrEntry: string } {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'doodle-pages-client-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  return { clientDir, ssrEntry: path.join(ROOT_DIR, 'src/client/entry-server.tsx') };
}

/**
 * Call at the top of a test file: a fresh database and app, shared by that file's tests. `pages`: pages
 * are rendered as in production (heads, 404s and moves come from the routes).
 */
export function useTestApp(envOverrides: Record<string, string> = {}, { pages = false }: { pages?: boolean } = {}): TestContext {
  const ctx = {} as TestContext;
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    ctx.orm = db.orm;
    ctx.env = testEnv(envOverrides);
    ctx.app = await buildApp({ orm: db.orm, env: ctx.env, closeOrm: false, logger: false, ...(pages ? pageServing() : {}) });
    await ctx.app.ready();
    ctx.caller = (user = null, ip = '127.0.0.1') =>
      appRouter.createCaller({
        em: db.orm.em.fork(),
        user,
        sessionId: null,
        services: ctx.app.services,
        req: { ip },
      } satisfies Context);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await db?.close();
  });
  return ctx;
}
