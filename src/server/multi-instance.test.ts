// ARCHITECTURE.md "Growing past one machine": two instances sharing one database behave as one site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { testEnv, TEST_ORIGIN } from './testing/test-app.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from './testing/test-db.ts';
import { signIn, TEST_PASSWORD } from './testing/auth.ts';
import { Inquiry } from '../features/inquiries/server/inquiry.entity.ts';
import { Subscriber } from '../features/subscribers/server/subscriber.entity.ts';
import { OutboxMessage } from '../features/mail/server/outbox-message.entity.ts';
import { enqueueMail } from '../features/mail/server/outbox.service.ts';
import { startSmtpServer, type TestSmtpServer } from '../features/mail/server/mail.test-helpers.ts';

/** A second MikroORM of its own on the same database: same server URL, or the same PGlite. */
async function openSecondOrm(orm: MikroORM): Promise<MikroORM> {
  if (serverUrl()) return openDatabase({ databaseUrl: orm.config.get('clientUrl') });
  const { pglite } = orm.config.get('driverOptions') as { pglite: PGlite };
  return openDatabase({ pglite });
}

describe('two instances on one database', () => {
  let db: TestDatabase;
  let ormB: MikroORM;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDatabase();
    ormB = await openSecondOrm(db.orm);
    // A distinct ORM (identity, not deep equality: comparing two ORMs deeply walks their whole graphs).
    expect(ormB === db.orm).toBe(false);
    const env = testEnv({ SMTP_URL: smtp.url });
    a = await buildApp({ orm: db.orm, env, closeOrm: false, logger: false });
    b = await buildApp({ orm: ormB, env: testEnv({ SMTP_URL: smtp.url }), closeOrm: false, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (ormB) await closeDatabase(ormB);
    await db?.close();
    await smtp?.close();
  });

  const post = (app: FastifyInstance, url: string, payload: unknown, { ip = '10.7.0.1', cookie }: { ip?: string; cookie?: string } = {}) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

  it('shares one rate-limit budget: 5 inquiries through A, then the 6th through B is refused', async () => {
    const inquiry = {
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      interest: 'available',
      message: 'We would love to hear more about your next litter.',
    };
    const ip = '10.7.1.1';
    for (let i = 0; i < 5; i++) expect((await post(a, '/api/inquiries', inquiry, { ip })).statusCode).toBe(201);
    const refused = await post(b, '/api/inquiries', inquiry, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many (requests|attempts)\. Please try again in \d+ (seconds?|minutes?)\.$/);
    // Another visitor is unaffected, on either instance.
    expect((await post(b, '/api/inquiries', inquiry, { ip: '10.7.1.2' })).statusCode).toBe(201);
    expect(await ormB.em.fork().count(Inquiry, {})).toBe(6);
  });

  it('honours a session from either instance on the other, and a logout on one ends it on both', async () => {
    const { cookie, user } = await signIn(db.orm, { username: 'shared_session', isAdmin: false });
    const onB = await me(b, cookie);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ username: user.username, isAdmin: false });
    expect((await me(a, cookie)).json()).toMatchObject({ username: user.username });

    // Signed in through A by password, recognised by B; signed out through B, gone on A.
    const login = await post(a, '/api/login', { username: 'shared_session', password: TEST_PASSWORD }, { ip: '10.7.2.1' });
    expect(login.statusCode).toBe(200);
    const sid = login.cookies.find((c) => c.name === 'sid')!;
    const fresh = `sid=${sid.value}`;
    expect((await me(b, fresh)).json()).toMatchObject({ username: 'shared_session' });
    expect((await post(b, '/api/logout', {}, { cookie: fresh })).statusCode).toBeLessThan(300);
    expect((await me(a, fresh)).statusCode).toBe(401);
  });

  it('treats a subscription through A and the same address through B as one subscriber', async () => {
    expect((await post(a, '/api/subscribers', { email: 'robin@example.com', name: 'Robin' }, { ip: '10.7.3.1' })).statusCode).toBe(200);
    expect((await post(b, '/api/subscribers', { email: ' Robin@Example.COM ' }, { ip: '10.7.3.2' })).statusCode).toBe(200);
    const rows = await db.orm.em.fork().find(Subscriber, { email: 'robin@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Robin', status: 'pending' });
    // One subscriber, one confirmation.
    await Promise.all([a.mailer.poll(), b.mailer.poll()]);
    const confirmations = await db.orm.em.fork().find(OutboxMessage, { to: 'robin@example.com' });
    expect(confirmations).toHaveLength(1);
  });

  it('sends each outbox message exactly once while both instances poll at the same time', async () => {
    // Let both instances finish what earlier tests queued, then count only this test's messages.
    await Promise.all([a.mailer.poll(), b.mailer.poll()]);
    const before = smtp.received.length;
    const em = db.orm.em.fork();
    const subjects = Array.from({ length: 24 }, (_, i) => `Outbox race ${i + 1}`);
    for (const subject of subjects)
      enqueueMail(em, { lane: 'notification', to: 'breeder@example.com', subject, text: `Body of ${subject}` });
    await em.flush();

    // Both senders race for the same rows, several passes each, while their timers also run.
    const sentBy = { a: 0, b: 0 };
    const pass = async (name: 'a' | 'b') => {
      const report = await (name === 'a' ? a : b).mailer.poll();
      sentBy[name] += report?.sent ?? 0;
    };
    for (let round = 0; round < 8; round++) {
      await Promise.all([pass('a'), pass('b'), pass('b'), pass('a')]);
      const left = await db.orm.em.fork().count(OutboxMessage, { subject: { $like: 'Outbox race %' }, status: 'queued' });
      if (!left) break;
    }
    await smtp.waitFor(before + subjects.length);
    await Promise.all([a.mailer.poll(), b.mailer.poll()]);

    const received = smtp.received
      .slice(before)
      .map((m) => m.subject)
      .filter((s) => s.startsWith('Outbox race '));
    expect(received.sort()).toEqual([...subjects].sort());
    const rows = await db.orm.em.fork().find(OutboxMessage, { subject: { $like: 'Outbox race %' } });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(subjects.map(() => ['sent', 1]));
    // Both really took part.
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
  });
});
