// A database that cuts every connection (pg_terminate_backend) while messages are posted on two instances, twice
// (issue 44, decision 139): both processes keep serving (an answer of 200 or 503 during, 200 after; neither exits
// on an unheard 'error' event), and no live event is lost silently: each stream gets a resync (the page refetches
// and finds every reply posted right after the cut) and hears the replies posted after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase, openDatabase, ROOT_DIR } from './db.ts';
import { serverUrl, templateDbName, withDatabase } from './testing/test-db.ts';
import { signIn } from './testing/auth.ts';
import { openStream, type SseEvent } from './testing/sse.ts';
import { TEST_ORIGIN } from './testing/test-app.ts';

const url = serverUrl();
if (!url) throw new Error('live-outage.postgres.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then).');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The real server process (src/server/main.ts) on the test's database. */
async function startInstance(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'src/server/main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'doodle-outage-')),
      APP_ORIGIN: TEST_ORIGIN,
      SEED_DEMO: 'false',
      DB_ACQUIRE_TIMEOUT_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/Server listening at/.test(output)) resolve();
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening: ${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

describe('a connection cut under live traffic on two instances (PostgreSQL)', () => {
  const name = `goldendoodle_live_outage_${randomBytes(6).toString('hex')}`;
  const dbUrl = withDatabase(url, name);
  let admin: pg.Client;
  let orm: MikroORM;
  const instances: Array<Awaited<ReturnType<typeof startInstance>>> = [];
  const streams: Array<{ cancel: () => Promise<unknown> }> = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDbName()}"`);
    orm = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    instances.push(...(await Promise.all([startInstance(dbUrl), startInstance(dbUrl)])));
  });
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.cancel()));
    for (const { child } of instances) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    if (orm) await closeDatabase(orm);
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  const post = async (base: string, procedure: string, cookie: string, input: unknown) => {
    try {
      const res = await fetch(`${base}/trpc/${procedure}`, {
        method: 'POST',
        headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as { result?: { data: { id: number; conversationId: number } } };
      return { status: res.status, id: body.result?.data.id };
    } catch (err) {
      return { status: 0, id: undefined, err };
    }
  };
  /** A reply the way a page sends it: again after a 503 (it was not stored), until it is. */
  const reply = async (base: string, cookie: string, conversationId: number, text: string) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const r = await post(base, 'admin.messages.send', cookie, { conversationId, text });
      if (r.status === 200) return r.id!;
      expect(r.status).toBe(503);
    }
    throw new Error('the reply was never stored');
  };
  const cutEveryConnection = async () => {
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return killed.rowCount ?? 0;
  };
  const messageIds = async (base: string, cookie: string) => {
    const res = await fetch(`${base}/trpc/messages.list?input=${encodeURIComponent(JSON.stringify({}))}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { items: Array<{ id: number }> } } };
    return new Set(body.result.data.items.map((m) => m.id));
  };

  it('both processes keep serving across two cuts, and every reply posted right after a cut reaches the page', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const breeder = await signIn(orm, { isAdmin: true });
    const family = await signIn(orm, { isAdmin: false, username: 'outage_family' });
    const first = await post(a.base, 'messages.send', family.cookie, { text: 'Hello before any outage' });
    expect(first.status).toBe(200);
    const conversationId = (
      (await (await fetch(`${a.base}/trpc/messages.list`, { headers: { cookie: family.cookie } })).json()) as {
        result: { data: { conversationId: number } };
      }
    ).result.data.conversationId;
    // The family's page on B, the breeder's on A.
    const familyPage = (await openStream(b.base, 'messages.live', family.cookie)).sse!;
    const breederPage = (await openStream(a.base, 'admin.messages.live', breeder.cookie)).sse!;
    streams.push(familyPage, breederPage);
    const isResync = (e: SseEvent) => (e.data as { kind?: string }).kind === 'resync';
    const about = (id: number) => (e: SseEvent) => (e.data as { messageId?: number }).messageId === id;

    for (let round = 0; round < 2; round++) {
      // Both instances have just posted (each holds a NOTIFY connection), then traffic keeps flowing through the cut.
      expect((await post(a.base, 'admin.messages.send', breeder.cookie, { conversationId, text: `Before cut ${round} on A` })).status).toBe(
        200,
      );
      expect((await post(b.base, 'messages.send', family.cookie, { text: `Before cut ${round} on B` })).status).toBe(200);
      let flowing = true;
      const statuses: number[] = [];
      const traffic = (async () => {
        for (let i = 0; flowing; i++) {
          const base = i % 2 ? b.base : a.base;
          statuses.push(
            (await post(base, 'admin.messages.send', breeder.cookie, { conversationId, text: `Traffic ${round}.${i}` })).status,
          );
          const read = await fetch(`${base}/trpc/messages.list`, { headers: { cookie: family.cookie } }).catch(() => null);
          statuses.push(read?.status ?? 0);
        }
      })();
      expect(await cutEveryConnection()).toBeGreaterThan(0);
      // Replies right after the cut, on both instances.
      const afterCut = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          reply(i % 2 ? b.base : a.base, breeder.cookie, conversationId, `Right after cut ${round}.${i}`),
        ),
      );
      flowing = false;
      await traffic;
      // Every answer was a 200 or a clear 503: never a 500, never a connection the process dropped.
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

      // Each page is told to resync; the family's refetch then finds every reply.
      await familyPage.next(isResync, 15_000);
      await breederPage.next(isResync, 15_000);
      const listed = await messageIds(b.base, family.cookie);
      expect(afterCut.filter((id) => !listed.has(id))).toEqual([]);
      // And the stream is live again: a reply posted now on A reaches the family's page on B as an event.
      const later = await reply(a.base, breeder.cookie, conversationId, `After the resync ${round}`);
      await familyPage.next(about(later), 10_000);
      await breederPage.next(about(later), 10_000);
    }

    // The same two processes, still serving.
    for (const instance of [a, b]) {
      expect(instance.child.exitCode).toBeNull();
      expect((await fetch(`${instance.base}/readyz`)).status).toBe(200);
      expect(instance.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
    }
  });
});
