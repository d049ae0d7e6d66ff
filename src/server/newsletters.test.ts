// Newsletters end to end on the server: double opt-in, well-formed bulk e-mail received by a real SMTP server,
// one-click unsubscribe, exactly-once delivery across a restart and two instances, the send rate, retry, purge.
// One instance purging at a time (two connections hold the lock: a PostgreSQL server only): outbox-purge.postgres.test.ts.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PGlite } from '@electric-sql/pglite';
import { dkimVerify } from 'mailauth';
import { buildApp } from './app.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { appRouter } from './router.ts';
import { testEnv, TEST_ORIGIN, type TestContext } from './testing/test-app.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from './testing/test-db.ts';
import type { Context, SessionUser } from '../lib/server/trpc.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../features/mail/server/mail.test-helpers.ts';
import { unsubscribeLinkSql, unsubscribeLinksFor } from '../features/subscribers/server/subscription-tokens.ts';
import { Subscriber } from '../features/subscribers/server/subscriber.entity.ts';
import { confirmTokenFor, subscribeConfirmed } from './testing/subscribers.ts';
import { CONFIRM_INVALID, UNSUBSCRIBE_NOT_FOUND } from '../features/subscribers/subscribers.schema.ts';
import { NEWSLETTER_MESSAGES } from '../features/subscribers/newsletters.schema.ts';

const FROM = 'Aspen Meadow Doodles <hello@aspenmeadow.example>';
const BREEDER = 'breeder@aspenmeadow.example';
const ADMIN: SessionUser = { id: 1, username: 'breeder', isAdmin: true };
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM = {
  DKIM_DOMAIN: 'aspenmeadow.example',
  DKIM_SELECTOR: 'mail2026',
  DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
};
const DKIM_TXT = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

async function openSecondOrm(orm: MikroORM): Promise<MikroORM> {
  if (serverUrl()) return openDatabase({ databaseUrl: orm.config.get('clientUrl') });
  const { pglite } = orm.config.get('driverOptions') as { pglite: PGlite };
  return openDatabase({ pglite });
}

describe('newsletters through the outbox and a real SMTP server', () => {
  let db: TestDatabase;
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  const extra: Array<{ app: FastifyInstance; orm?: MikroORM }> = [];
  let ip = 1;

  const start = async (orm: MikroORM, env: Record<string, string> = {}) => {
    const a = await buildApp({
      orm,
      env: testEnv({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RATE_PER_MINUTE: '1000', ...DKIM, ...env }),
      closeOrm: false,
      logger: false,
    });
    await a.ready();
    return a;
  };
  const callerOn = (on: FastifyInstance, orm: MikroORM, user: SessionUser | null = ADMIN) =>
    appRouter.createCaller({
      em: orm.em.fork(),
      user,
      sessionId: null,
      services: on.services,
      req: { ip: `10.44.${Math.floor(ip / 200)}.${ip++ % 200}` },
    } satisfies Context);
  const as = (user: SessionUser | null = ADMIN) => callerOn(app, db.orm, user);
  const t = {
    get orm() {
      return db.orm;
    },
    caller: (user?: SessionUser | null) => as(user ?? null),
  } as unknown as TestContext;
  const sql = <T = unknown>(q: string, params: unknown[] = []) => db.orm.em.fork().getConnection().execute<T[]>(q, params);
  const copiesOf = (subject: string) => smtp.received.filter((m) => m.subject === subject);
  /** Polls until nothing of this newsletter is queued (each pass sends one batch), once a send's queuing is done. */
  const drain = async (on: FastifyInstance, id: number) => {
    await on.services.afterAnswer.idle();
    for (let i = 0; i < 40; i++) {
      const [row] = await sql<{ n: string }>(`select count(*) as n from outbox_messages where newsletter_id = ? and status = 'queued'`, [
        id,
      ]);
      if (Number(row!.n) === 0) return;
      await on.mailer.poll();
    }
    throw new Error('the newsletter did not drain');
  };
  /** Sends everything queued so far. */
  const drainAll = async (on: FastifyInstance) => {
    for (let i = 0; i < 40; i++) {
      const [row] = await sql<{ n: string }>(`select count(*) as n from outbox_messages where status = 'queued'`);
      if (Number(row!.n) === 0) return;
      await sql(`update outbox_messages set next_attempt_at = now() where status = 'queued'`);
      await on.mailer.poll();
    }
    throw new Error('the outbox did not drain');
  };
  const newsletter = (
    subject: string,
    body = 'Our **spring litter** is here.\n\n![Biscuit](/uploads/abc.jpg)\n\n[Apply](/questionnaire)',
  ) => as().admin.newsletters.create({ subject, preheader: 'Puppies, photos and dates', body, audience: { kind: 'all' } });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDatabase();
    app = await start(db.orm);
    await app.inject({ method: 'GET', url: '/api/settings' });
    await sql(`update site_settings set email = ?, breeder_name = 'Aspen Meadow Doodles', town = 'Monument, Colorado'`, [BREEDER]);
  });
  afterAll(async () => {
    for (const e of extra) {
      await e.app.close().catch(() => undefined);
      if (e.orm) await closeDatabase(e.orm);
    }
    await app?.close().catch(() => undefined);
    await db?.close();
    await smtp?.close();
  });

  it('double opt-in: a pending address gets nothing, a confirmed one gets the newsletter', async () => {
    await subscribeConfirmed(t, 'ada@example.com', 'Ada');
    await as(null).subscribers.subscribe({ email: 'pending@example.com' });
    const n = await newsletter('Spring news');
    await as().admin.newsletters.send({ id: n.id });
    await drain(app, n.id);
    const copies = copiesOf('Spring news');
    expect(copies.map((m) => m.to)).toEqual([['ada@example.com']]);
    expect(smtp.received.filter((m) => m.to.includes('pending@example.com')).map((m) => m.subject)).toEqual([
      'Please confirm your subscription to Aspen Meadow Doodles news',
    ]);
    const sent = await as().admin.newsletters.byId({ id: n.id });
    expect(sent).toMatchObject({ status: 'sent', counts: { recipients: 1, queued: 0, sent: 1, failed: 0 } });
  });

  it('every bulk message has List-Unsubscribe (https and mailto), one-click POST, a plain-text part, footer and a DKIM signature that verifies', async () => {
    const [mail] = copiesOf('Spring news') as [ReceivedMail];
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${TEST_ORIGIN}/unsubscribe\\?token=u1\\.[^>]+>, <mailto:${BREEDER}\\?subject=[^>]+>$`),
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Our spring litter is here.');
    expect(mail.text).toContain('[Photo: Biscuit]');
    expect(mail.text).toContain(`Apply (${TEST_ORIGIN}/questionnaire)`);
    expect(mail.text).toContain('Aspen Meadow Doodles, Monument, Colorado');
    expect(mail.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=u1\./);
    // MJML's HTML: the preheader, our image made absolute, the footer with the visible link.
    expect(mail.html).toContain('Puppies, photos and dates');
    expect(mail.html).toContain(`src="${TEST_ORIGIN}/uploads/abc.jpg"`);
    expect(mail.html).toMatch(/Monument, Colorado/);
    expect(mail.html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\?token=u1\.[^"]+"[^>]*>Unsubscribe<\/a>/);

    const verified = await dkimVerify(Buffer.from(mail.raw), {
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === `${DKIM.DKIM_SELECTOR}._domainkey.${DKIM.DKIM_DOMAIN}`) return [[DKIM_TXT]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['aspenmeadow.example', 'pass']]);
    expect(mail.raw).toMatch(/h=[^;]*List-Unsubscribe-Post/i);
  });

  it('one-click POST to the List-Unsubscribe link unsubscribes with no page; a bad token is 400', async () => {
    const [mail] = copiesOf('Spring news') as [ReceivedMail];
    const url = new URL(/<(http[^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const post = (path: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', ...headers },
        payload: 'List-Unsubscribe=One-Click',
      });
    const tampered = url.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const bad of [
      `/unsubscribe${tampered}`,
      '/unsubscribe?token=nope',
      '/unsubscribe',
      '/unsubscribe?token=c1.YQ.1.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UNSUBSCRIBE_NOT_FOUND });
    }
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'ada@example.com' })).status).toBe('active');

    const res = await post(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'ada@example.com' })).status).toBe('unsubscribed');
    // Repeating it is harmless; subscribing again needs a new confirmation.
    expect((await post(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    await as(null).subscribers.subscribe({ email: 'ada@example.com' });
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'ada@example.com' })).status).toBe('pending');
    await as(null).subscribers.confirm({ token: await confirmTokenFor(t, 'ada@example.com') });
  });

  it('refuses unknown, tampered, expired and stale confirmation links without changing anything', async () => {
    await as(null).subscribers.subscribe({ email: 'late@example.com' });
    const token = await confirmTokenFor(t, 'late@example.com');
    const other = token.replace(/^c1\.[^.]+/, `c1.${Buffer.from('someone@example.com').toString('base64url')}`);
    for (const bad of ['nope', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, other]) {
      await expect(as(null).subscribers.confirm({ token: bad })).rejects.toMatchObject({ code: 'NOT_FOUND', message: CONFIRM_INVALID });
    }
    // Expired: the confirmation went out 31 days ago.
    await sql(`update subscribers set pending_since = pending_since - interval '31 days' where email = 'late@example.com'`);
    const [row] = await sql<{ pending_since: Date }>(`select pending_since from subscribers where email = 'late@example.com'`);
    await sql(`delete from outbox_messages where "to" = 'late@example.com'`);
    const { confirmToken } = await import('../features/subscribers/server/subscription-tokens.ts');
    const expired = await confirmToken(db.orm.em.fork(), 'late@example.com', new Date(row!.pending_since));
    await expect(as(null).subscribers.confirm({ token: expired })).rejects.toMatchObject({ message: CONFIRM_INVALID });
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'late@example.com' })).status).toBe('pending');
    // Housekeeping forgets it.
    expect((await app.mailer.housekeeping()).forgotten).toBe(1);
    expect(await db.orm.em.fork().count(Subscriber, { email: 'late@example.com' })).toBe(0);
  });

  it('turns bad input into field errors and refuses a send nobody would receive', async () => {
    await expect(as().admin.newsletters.create({ subject: 'x'.repeat(201), body: 'Hi', audience: { kind: 'all' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/admin.newsletters.create',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify({ subject: 'x'.repeat(201), body: '  ' }),
    });
    expect(res.statusCode).toBe(401);
    const err = await as()
      .admin.newsletters.create({ subject: 'x'.repeat(201), body: ' ' })
      .catch((e: { shape?: unknown; cause?: { issues?: Array<{ path: string[]; message: string }> } }) => e);
    const issues = (err as { cause?: { issues?: Array<{ path: string[]; message: string }> } }).cause?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['subject', NEWSLETTER_MESSAGES.subjectTooLong],
      ['body', NEWSLETTER_MESSAGES.bodyRequired],
    ]);
    // A litter segment with no families: refused, and the newsletter stays a draft.
    await sql(
      `insert into litters (name, mother_name, father_name, active, created_at, updated_at) values ('Empty', 'Maple', 'Cooper', true, now(), now())`,
    );
    const [litter] = await sql<{ id: number }>(`select id from litters where name = 'Empty'`);
    const n = await as().admin.newsletters.create({ subject: 'Nobody', body: 'Hi', audience: { kind: 'litter', litterId: litter!.id } });
    await expect(as().admin.newsletters.send({ id: n.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NEWSLETTER_MESSAGES.noRecipients,
    });
    expect((await as().admin.newsletters.byId({ id: n.id })).status).toBe('draft');
    // Nobody but an admin reaches the dashboard's newsletters.
    await expect(as(null).admin.newsletters.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as({ id: 9, username: 'family', isAdmin: false }).admin.newsletters.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('sends a test to the breeder only, marked as a test', async () => {
    await drainAll(app);
    await as().admin.newsletters.sendTest({ subject: 'Draft news', body: 'Hello', audience: { kind: 'all' } });
    await drainAll(app);
    const tests = copiesOf('[Test] Draft news');
    expect(tests).toHaveLength(1);
    const [mail] = tests;
    expect(mail!.to).toEqual([BREEDER]);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('delivers each copy exactly once across a restart in the middle of a send', async () => {
    for (let i = 1; i <= 6; i++) await subscribeConfirmed(t, `reader${i}@example.com`);
    await drainAll(app);
    const n = await newsletter('Restart news');
    const held = smtp.holdNext();
    const sending = as().admin.newsletters.send({ id: n.id });
    await sending;
    const pass = app.mailer.poll();
    await held.arrived;
    // The process stops while the SMTP server holds one message mid-send.
    const closing = app.close();
    held.release();
    await closing;
    await pass;
    expect(copiesOf('Restart news').length).toBeGreaterThan(0);
    expect(copiesOf('Restart news').length).toBeLessThan(7);

    // A queuing interrupted half-way is finished by the next instance, without copying anyone twice.
    await sql(`update newsletters set status = 'sending' where id = ?`, [n.id]);
    app = await start(db.orm);
    await app.mailer.poll();
    await drain(app, n.id);
    const to = copiesOf('Restart news')
      .flatMap((m) => m.to)
      .sort();
    expect(to).toEqual(['ada@example.com', ...Array.from({ length: 6 }, (_, i) => `reader${i + 1}@example.com`)].sort());
    expect((await as().admin.newsletters.byId({ id: n.id })).counts).toEqual({ recipients: 7, queued: 0, sent: 7, failed: 0 });
  });

  it('delivers each copy exactly once when two instances send a scheduled newsletter at the same time', async () => {
    const ormB = await openSecondOrm(db.orm);
    const b = await start(ormB);
    extra.push({ app: b, orm: ormB });
    const n = await newsletter('Two instances');
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(await as().admin.newsletters.send({ id: n.id, at })).toMatchObject({ status: 'scheduled', scheduledAt: at });
    await expect(as().admin.newsletters.send({ id: n.id, at: new Date(Date.now() - 1000).toISOString() })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await Promise.all([app.mailer.poll(), b.mailer.poll()]);
    expect(copiesOf('Two instances')).toHaveLength(0);
    // Now due: both instances race to queue and send it.
    await sql(`update newsletters set scheduled_at = now() - interval '1 second' where id = ?`, [n.id]);
    for (let round = 0; round < 4; round++) await Promise.all([app.mailer.poll(), b.mailer.poll()]);
    await drain(app, n.id);
    const to = copiesOf('Two instances').flatMap((m) => m.to);
    expect(to).toHaveLength(7);
    expect(new Set(to).size).toBe(7);
    await b.close();
  });

  it('keeps failed copies, and the breeder retries them from the dashboard', async () => {
    const n = await newsletter('Retry news');
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    await as().admin.newsletters.send({ id: n.id });
    for (let i = 0; i < 5; i++) {
      await sql(`update outbox_messages set next_attempt_at = now() where status = 'queued' and newsletter_id = ?`, [n.id]);
      for (let j = 0; j < 3; j++) await app.mailer.poll();
    }
    expect((await as().admin.newsletters.byId({ id: n.id })).counts).toEqual({ recipients: 7, queued: 0, sent: 0, failed: 7 });
    smtp.refuseWith(null);
    expect((await as().admin.newsletters.retryFailed({ id: n.id })).counts).toMatchObject({ queued: 7, failed: 0 });
    await drain(app, n.id);
    expect(copiesOf('Retry news')).toHaveLength(7);
    expect((await as().admin.newsletters.byId({ id: n.id })).counts).toEqual({ recipients: 7, queued: 0, sent: 7, failed: 0 });
  });

  it('purges sent messages after the retention, keeps failed ones', async () => {
    await sql(`update outbox_messages set sent_at = now() - interval '31 days' where subject = 'Spring news'`);
    await sql(
      `update outbox_messages set status = 'failed', sent_at = null, created_at = now() - interval '90 days' where subject = '[Test] Draft news'`,
    );
    const before = await sql<{ n: string }>(`select count(*) as n from outbox_messages where status = 'sent'`);
    const report = await app.mailer.housekeeping();
    expect(report.purged).toBe(1);
    const after = await sql<{ n: string }>(`select count(*) as n from outbox_messages where status = 'sent'`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) - 1);
    expect(await sql(`select id from outbox_messages where subject = '[Test] Draft news' and status = 'failed'`)).toHaveLength(1);
    // The newsletter still counts its purged copy as sent.
    const [spring] = (await as().admin.newsletters.list({})).items.filter((x) => x.subject === 'Spring news');
    expect(spring!.counts).toMatchObject({ recipients: 1, sent: 1, queued: 0 });
  });

  it('sends at most MAIL_RATE_PER_MINUTE messages a minute', async () => {
    await app.close();
    app = await start(db.orm, { MAIL_RATE_PER_MINUTE: '3' });
    await sql(`update outbox_messages set claimed_at = claimed_at - interval '2 minutes'`);
    const n = await newsletter('Rate news');
    await as().admin.newsletters.send({ id: n.id });
    for (let i = 0; i < 4; i++) await app.mailer.poll();
    expect(copiesOf('Rate news')).toHaveLength(3);
    expect((await as().admin.newsletters.byId({ id: n.id })).counts).toMatchObject({ queued: 4, sent: 3 });
    // A minute later the next three go.
    await sql(`update outbox_messages set claimed_at = claimed_at - interval '61 seconds'`);
    for (let i = 0; i < 4; i++) await app.mailer.poll();
    expect(copiesOf('Rate news')).toHaveLength(6);
  });

  it('answers the breeder at once and queues a 200-reader newsletter after the answer, its progress in the counts (issue 28, item 6)', async () => {
    const em = db.orm.em.fork();
    const now = new Date();
    for (let i = 0; i < 200; i++) {
      em.create(Subscriber, {
        email: `bulk${i}@example.com`,
        name: null,
        status: 'active',
        unsubscribeToken: `bulk-token-${i}`,
        pendingSince: null,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    await em.flush();
    const n = await newsletter('Background news');
    const { recipients } = await as().admin.newsletters.countAudience({ kind: 'all' });
    expect(recipients).toBeGreaterThanOrEqual(200);

    // The answer is made before any copy is queued: it says "sending", to how many, none queued yet.
    const answer = await as().admin.newsletters.send({ id: n.id });
    expect(answer).toMatchObject({ status: 'sending', counts: { recipients, queued: 0, sent: 0, failed: 0 } });

    // The queuing runs after the answer; then every reader has one copy, queued or already sent.
    await app.services.afterAnswer.idle();
    const after = await as().admin.newsletters.byId({ id: n.id });
    expect(after.status).toBe('sent');
    expect(after.counts.recipients).toBe(recipients);
    expect(after.counts.queued + after.counts.sent + after.counts.failed).toBe(recipients);
    const [copies] = await sql<{ n: string; readers: string }>(
      `select count(*) as n, count(distinct "to") as readers from outbox_messages where newsletter_id = ?`,
      [n.id],
    );
    expect({ n: Number(copies!.n), readers: Number(copies!.readers) }).toEqual({ n: recipients, readers: recipients });
  });

  it('signs in the database the same unsubscribe links as the server, and stores the body once, not in every copy (issue 35, decision 131)', async () => {
    const addresses = [
      'plain@example.com',
      "o'brien+news@example.com",
      // Past 57 bytes its base64 is longer than a line of PostgreSQL's encode(): the line breaks must not reach the link.
      `${'a-very-long-local-part.'.repeat(4)}reader@some-long-domain.example.com`,
      'zoë@example.com',
    ];
    const em = db.orm.em.fork();
    const link = await unsubscribeLinkSql(em, TEST_ORIGIN, 'r.e');
    const rows = await sql<{ e: string; link: string }>(
      `select r.e, ${link.sql} as link from (${addresses.map(() => 'select ?::text as e').join(' union all ')}) r`,
      [...link.params, ...addresses],
    );
    const byAddress = new Map(rows.map((r) => [r.e, r.link]));
    expect(addresses.map((a) => byAddress.get(a))).toEqual(await unsubscribeLinksFor(em, TEST_ORIGIN, addresses));

    // A newsletter to every confirmed subscriber: one template row, and copies that hold only their reader's link.
    // (The 200 readers of the test before leave, and what it queued is dropped, so this one drains in a few polls;
    // the app of the rate test, 3 a minute, gives way to one at the usual rate.)
    await app.close();
    app = await start(db.orm);
    await sql(`update subscribers set status = 'unsubscribed' where email like 'bulk%@example.com'`);
    await sql(`delete from outbox_messages where status = 'queued'`);
    const now = new Date();
    for (const [i, email] of addresses.entries()) {
      em.create(Subscriber, {
        email,
        name: null,
        status: 'active',
        unsubscribeToken: `sql-link-${i}`,
        pendingSince: null,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    await em.flush();
    const n = await newsletter('Signed by the database');
    await as().admin.newsletters.send({ id: n.id });
    await app.services.afterAnswer.idle();
    const copies = await sql<{ to: string; text: string; html: string | null; template_id: number | null; template_value: string | null }>(
      `select "to", "text", "html", "template_id", "template_value" from outbox_messages where newsletter_id = ?`,
      [n.id],
    );
    expect(new Set(copies.map((c) => c.template_id)).size).toBe(1);
    expect(copies.every((c) => c.text === '' && c.html === null && c.template_id !== null)).toBe(true);
    const mine = copies.filter((c) => addresses.includes(c.to));
    expect(mine.map((c) => c.template_value).sort()).toEqual(
      (
        await unsubscribeLinksFor(
          em,
          TEST_ORIGIN,
          mine.map((c) => c.to),
        )
      ).sort(),
    );

    // The sender fills the template as it sends: the reader's link in the text, the HTML and the headers.
    await drain(app, n.id);
    const [oBrienLink] = await unsubscribeLinksFor(em, TEST_ORIGIN, ["o'brien+news@example.com"]);
    const received = copiesOf('Signed by the database').find((m) => m.to.includes("o'brien+news@example.com"))!;
    expect(received.text).toContain(`Unsubscribe: ${oBrienLink}`);
    expect(received.html).toContain(`href="${oBrienLink}"`);
    expect(received.headers['list-unsubscribe']).toBe(
      `<${oBrienLink}>, <mailto:${BREEDER}?subject=unsubscribe%20o'brien%2Bnews%40example.com>`,
    );
  });
});
