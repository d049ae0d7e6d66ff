// Live streams bounded and tied to their session (issue 44, decision 139), on the embedded database and on
// PostgreSQL (TEST_DATABASE_URL): caps per session, account and client address and for the instance answer
// 429/503 with Retry-After at once; a stream ends when its session ends (logout, password change, account deleted,
// a session row deleted by anyone), on every instance; at shutdown every stream ends at once with a reconnect hint.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { drainOnShutdown } from './shutdown.ts';
import { testEnv, TEST_ORIGIN } from './testing/test-app.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from './testing/test-db.ts';
import { signIn, TEST_PASSWORD } from './testing/auth.ts';
import { openStream, type SseEvent } from './testing/sse.ts';
import { SESSION_ENDED_MESSAGE, SHUTDOWN_MESSAGE } from '../lib/server/live-streams.ts';
import { hashToken } from '../features/auth/server/session.service.ts';

async function openSecondOrm(orm: MikroORM): Promise<MikroORM> {
  if (serverUrl()) return openDatabase({ databaseUrl: orm.config.get('clientUrl') });
  const { pglite } = orm.config.get('driverOptions') as { pglite: PGlite };
  return openDatabase({ pglite });
}

const isError = (code: string) => (e: SseEvent) =>
  e.event === 'serialized-error' && (e.data as { data?: { code?: string } }).data?.code === code;
const errorMessage = (e: SseEvent) => (e.data as { message?: string }).message;

describe('live streams', () => {
  let db: TestDatabase;
  let ormB: MikroORM;
  /** Caps: 2 a session, 3 an account, 100 an address, 4 in all. */
  let a: FastifyInstance;
  /** The same database, another instance: 1 an address. */
  let b: FastifyInstance;
  /** The same database, default caps: the session tests' streams. */
  let c: FastifyInstance;
  let baseA = '';
  let baseB = '';
  let baseC = '';
  const streams: Array<{ cancel: () => Promise<unknown> }> = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    ormB = await openSecondOrm(db.orm);
    a = await buildApp({
      orm: db.orm,
      env: testEnv({
        LIVE_STREAMS_PER_SESSION: '2',
        LIVE_STREAMS_PER_ACCOUNT: '3',
        LIVE_STREAMS_PER_ADDRESS: '100',
        LIVE_STREAMS_MAX: '4',
      }),
      closeOrm: false,
      logger: false,
    });
    b = await buildApp({ orm: ormB, env: testEnv({ LIVE_STREAMS_PER_ADDRESS: '1' }), closeOrm: false, logger: false });
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    c = await buildApp({ orm: db.orm, env: testEnv(), closeOrm: false, logger: false });
    baseC = await c.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.cancel()));
    await a?.close();
    await b?.close();
    await c?.close();
    if (ormB) await closeDatabase(ormB);
    await db?.close();
  });

  const open = async (base: string, cookie: string, path = 'messages.live') => {
    const opened = await openStream(base, path, cookie);
    if (opened.sse) streams.push(opened.sse);
    return opened;
  };
  const expectRefused = async (base: string, cookie: string, status: number, what: RegExp) => {
    const { res } = await open(base, cookie);
    expect(res.status).toBe(status);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // An answer, not a held socket: the body is complete.
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(what);
  };
  const post = (app: FastifyInstance, path: string, cookie: string, input?: unknown) =>
    app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(input ?? {}),
    });

  it('caps streams per session, per account and for the instance (429/503 with Retry-After); a closed stream frees its place', async () => {
    const first = await signIn(db.orm, { isAdmin: false, username: 'caps_first' });
    const firstAgain = await signIn(db.orm, { isAdmin: false, username: 'caps_first' });
    const second = await signIn(db.orm, { isAdmin: false, username: 'caps_second' });
    const s1 = await open(baseA, first.cookie);
    const s2 = await open(baseA, first.cookie);
    expect([s1.res.status, s2.res.status]).toEqual([200, 200]);
    await expectRefused(baseA, first.cookie, 429, /session/);
    // Another session of the same account: one more fits the account's 3.
    expect((await open(baseA, firstAgain.cookie)).res.status).toBe(200);
    await expectRefused(baseA, firstAgain.cookie, 429, /account/);
    // Another account: the instance's 4th and last.
    expect((await open(baseA, second.cookie)).res.status).toBe(200);
    expect(a.liveStreams.size).toBe(4);
    await expectRefused(baseA, second.cookie, 503, /no room/);
    // The page closes one of its streams: the place is free again.
    await s1.sse!.cancel();
    await vi.waitFor(() => expect(a.liveStreams.size).toBe(3), { timeout: 5000, interval: 20 });
    expect((await open(baseA, second.cookie)).res.status).toBe(200);
  });

  it('caps streams per client address', async () => {
    const one = await signIn(db.orm, { isAdmin: false, username: 'addr_one' });
    const two = await signIn(db.orm, { isAdmin: false, username: 'addr_two' });
    expect((await open(baseB, one.cookie)).res.status).toBe(200);
    await expectRefused(baseB, two.cookie, 429, /network address/);
  });

  it('logout (on another instance) ends the stream of that session; the account’s other session keeps its stream', async () => {
    const tab = await signIn(db.orm, { isAdmin: false, username: 'logout_family' });
    const phone = await signIn(db.orm, { isAdmin: false, username: 'logout_family' });
    const onC = await open(baseC, tab.cookie);
    const phoneOnC = await open(baseC, phone.cookie);
    expect((await post(b, 'auth.logout', tab.cookie)).statusCode).toBe(200);
    const ended = await onC.sse!.next(isError('UNAUTHORIZED'), 5000);
    expect(errorMessage(ended)).toBe(SESSION_ENDED_MESSAGE);
    await onC.sse!.ended(5000);
    // The phone's session still exists: its stream still answers (a message reaches it).
    const sent = await post(a, 'messages.send', phone.cookie, { text: 'Still here on my phone' });
    expect(sent.statusCode).toBe(200);
    const id = (sent.json() as { result: { data: { id: number } } }).result.data.id;
    await phoneOnC.sse!.next((e) => (e.data as { messageId?: number }).messageId === id, 5000);
    await phoneOnC.sse!.cancel();
  });

  it('a password change ends the streams of the account’s other sessions; a session revoked (its row deleted) ends its stream', async () => {
    const laptop = await signIn(db.orm, { isAdmin: false, username: 'pw_family' });
    const phone = await signIn(db.orm, { isAdmin: false, username: 'pw_family' });
    const phoneStream = await open(baseC, phone.cookie);
    const changed = await post(a, 'auth.changePassword', laptop.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-passphrase-44',
    });
    expect(changed.statusCode).toBe(200);
    expect(errorMessage(await phoneStream.sse!.next(isError('UNAUTHORIZED'), 5000))).toBe(SESSION_ENDED_MESSAGE);
    await phoneStream.sse!.ended(5000);

    // Whatever deletes the row (the breeder revoking it, the expiry purge, an account's deletion by cascade).
    const laptopStream = await open(baseC, laptop.cookie);
    await db.orm.em
      .fork()
      .getConnection()
      .execute(`delete from "sessions" where "id" = ?`, [hashToken(laptop.token)]);
    expect(errorMessage(await laptopStream.sse!.next(isError('UNAUTHORIZED'), 5000))).toBe(SESSION_ENDED_MESSAGE);
    await laptopStream.sse!.ended(5000);
  });

  it('account deletion ends its streams', async () => {
    const family = await signIn(db.orm, { isAdmin: false, username: 'gone_family' });
    const stream = await open(baseC, family.cookie);
    const deleted = await post(a, 'auth.deleteAccount', family.cookie, { currentPassword: TEST_PASSWORD, confirm: 'DELETE' });
    expect(deleted.statusCode).toBe(200);
    await stream.sse!.next(isError('UNAUTHORIZED'), 5000);
    await stream.sse!.ended(5000);
  });

  it('shutdown ends every stream at once with a reconnect hint (a retryable code) and then closes', async () => {
    const app = await buildApp({ orm: db.orm, env: testEnv(), closeOrm: false, logger: false });
    const drainer = drainOnShutdown(app, { graceMs: 30_000 });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const family = await signIn(db.orm, { isAdmin: false, username: 'shutdown_family' });
      const opened = await Promise.all(Array.from({ length: 3 }, () => open(base, family.cookie)));
      const started = performance.now();
      const closing = drainer.shutdown();
      for (const { sse } of opened) {
        expect(errorMessage(await sse!.next(isError('SERVICE_UNAVAILABLE'), 5000))).toBe(SHUTDOWN_MESSAGE);
        await sse!.ended(5000);
      }
      await closing;
      // Well inside the 30 s grace: nothing waited for a stream to end by itself.
      expect(performance.now() - started).toBeLessThan(30_000);
      // A stream asked for while closing is refused (the server no longer takes connections).
      await expect(fetch(`${base}/trpc/messages.live`, { headers: { cookie: family.cookie } })).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
