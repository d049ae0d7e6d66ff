import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { testEnv, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../server/testing/test-db.ts';
import { Inquiry } from '../../inquiries/server/inquiry.entity.ts';
import { Subscriber } from '../../subscribers/server/subscriber.entity.ts';
import { OutboxMessage } from './outbox-message.entity.ts';
import { enqueueMail, mailDomain, MAX_ATTEMPTS, RETRY_DELAYS_MS, withoutAddresses } from './outbox.service.ts';
import { startSmtpServer, type TestSmtpServer } from './mail.test-helpers.ts';

const BREEDER = 'breeder@example.com';
const FROM = 'Aspen Meadow Doodles <hello@aspenmeadow.example>';

const inquiry = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '(719) 555-0100',
  interest: 'waitlist',
  message: 'We would love to hear more about Biscuit and when he could come home.',
};

let nextIp = 1;
const freshIp = () => `10.9.0.${nextIp++}`;

describe('e-mail outbox sent through a real SMTP server', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDatabase();
    app = await buildApp({
      orm: db.orm,
      env: testEnv({ SMTP_URL: smtp.url, MAIL_FROM: FROM }),
      closeOrm: false,
      logger: false,
    });
    await app.ready();
    // The breeder's address is the one in the site settings.
    await app.inject({ method: 'GET', url: '/api/settings' });
    await db.orm.em.fork().getConnection().execute(`update site_settings set email = ?`, [BREEDER]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: unknown, from = app) =>
    from.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify(payload),
    });
  const outbox = () => db.orm.em.fork().find(OutboxMessage, {}, { orderBy: { id: 'asc' } });
  const inquiries = () => db.orm.em.fork().count(Inquiry, {});
  /** Makes every queued message due now, as if its back-off had passed. */
  const makeDue = () =>
    db.orm.em.fork().getConnection().execute(`update outbox_messages set next_attempt_at = now() where status = 'queued'`);

  it('tells the breeder about an inquiry: everything the family sent, replying goes to the family', async () => {
    const before = smtp.received.length;
    const res = await post('/api/inquiries', inquiry);
    expect(res.statusCode).toBe(201);

    // No explicit poll: the response wakes the sender.
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([BREEDER]);
    expect(mail!.subject).toBe('New inquiry from Jamie Rivera');
    expect(mail!.headers['reply-to']).toBe('jamie@example.com');
    expect(mail!.headers.from).toBe(FROM);
    for (const part of [
      'Name: Jamie Rivera',
      'Email: jamie@example.com',
      'Phone: (719) 555-0100',
      'Interested in: Joining the Waitlist',
      inquiry.message,
    ]) {
      expect(mail!.text).toContain(part);
    }
    expect(mail!.html).toContain('Joining the Waitlist');

    await app.mailer.poll(); // after the pass that sent it has recorded the send
    const [row] = (await outbox()).filter((m) => m.subject === 'New inquiry from Jamie Rivera');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, to: BREEDER, replyTo: 'jamie@example.com' });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('escapes what the family typed in the HTML part, and keeps a typed line break out of the subject', async () => {
    const before = smtp.received.length;
    await post('/api/inquiries', { ...inquiry, name: 'Eve <b>\nBcc: x@evil.example', message: '<script>alert(1)</script> hello there' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('New inquiry from Eve <b> Bcc: x@evil.example');
    expect(mail!.to).toEqual([BREEDER]);
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
  });

  it("leaves an attacker's text out of the confirmation greeting; the subscription still goes through (issue 28, item 10a)", async () => {
    const before = smtp.received.length;
    const name = 'Win a puppy at evil.example http://evil.example/claim';
    expect((await post('/api/subscribers', { email: 'victim@example.com', name })).statusCode).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['victim@example.com']);
    expect(mail!.text.startsWith('Hello,\n')).toBe(true);
    for (const part of [mail!.text, mail!.html, mail!.subject]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Win a puppy');
    }
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'victim@example.com' })).status).toBe('pending');
    expect(mail!.text).toMatch(/\/newsletter\/confirm\?token=c1\./);
  });

  it('asks a new subscriber to confirm, by name when one was given, with a working signed link', async () => {
    const before = smtp.received.length;
    expect((await post('/api/subscribers', { email: 'Pat@Example.com', name: 'Pat' })).statusCode).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);

    expect(mail!.to).toEqual(['pat@example.com']);
    expect(mail!.subject).toBe('Please confirm your subscription to Aspen Meadow Doodles news');
    expect(mail!.text.startsWith('Hi Pat,\n')).toBe(true);
    const link = /http\S+\/newsletter\/confirm\?token=\S+/.exec(mail!.text)![0];
    expect(link.startsWith(`${TEST_ORIGIN}/newsletter/confirm?token=c1.`)).toBe(true);
    expect(mail!.html).toContain(`href="${link}"`);
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'pat@example.com' })).status).toBe('pending');

    // The link's token is the one the confirmation page sends; it confirms the address.
    const token = new URL(link).searchParams.get('token');
    expect((await post('/trpc/subscribers.confirm', { token })).statusCode).toBe(200);
    expect((await db.orm.em.fork().findOneOrFail(Subscriber, { email: 'pat@example.com' })).status).toBe('active');

    // Subscribing while active sends nothing more.
    const queued = (await outbox()).length;
    await post('/api/subscribers', { email: 'pat@example.com', name: 'Patricia' });
    expect((await outbox()).length).toBe(queued);
  });

  it('greets a subscriber who gave no name without one', async () => {
    const before = smtp.received.length;
    await post('/api/subscribers', { email: 'anon@example.com' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['anon@example.com']);
    expect(mail!.text.startsWith('Hello,\n')).toBe(true);
    expect(mail!.text).not.toContain('Hi ');
  });

  it('queues nothing for a filled honeypot', async () => {
    const before = (await outbox()).length;
    expect((await post('/api/inquiries', { ...inquiry, website: 'https://spam.example' })).statusCode).toBe(201);
    expect((await post('/api/subscribers', { email: 'bot@example.com', website: 'x' })).statusCode).toBe(200);
    await app.mailer.poll();
    expect((await outbox()).length).toBe(before);
  });

  it('stores an inquiry and its e-mail together or not at all', async () => {
    const conn = db.orm.em.fork().getConnection();
    const rows = await inquiries();
    const messages = (await outbox()).length;
    await conn.execute('alter table outbox_messages rename to outbox_unavailable');
    try {
      const res = await post('/api/inquiries', inquiry);
      expect(res.statusCode).toBe(500);
      expect(await inquiries()).toBe(rows);
    } finally {
      await conn.execute('alter table outbox_unavailable rename to outbox_messages');
    }
    await conn.execute('alter table inquiries rename to inquiries_unavailable');
    try {
      expect((await post('/api/inquiries', inquiry)).statusCode).toBe(500);
      expect((await outbox()).length).toBe(messages);
    } finally {
      await conn.execute('alter table inquiries_unavailable rename to inquiries');
    }
  });

  it('keeps a refused message, retries it with back-off, marks it failed after 5 attempts, and keeps the inquiry', async () => {
    await app.mailer.poll();
    const received = smtp.received.length;
    const rows = await inquiries();
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    try {
      const res = await post('/api/inquiries', { ...inquiry, name: 'Refused Family' });
      expect(res.statusCode).toBe(201);
      expect(await inquiries()).toBe(rows + 1);

      const refused = async () => (await outbox()).find((m) => m.subject === 'New inquiry from Refused Family')!;
      await app.mailer.poll();
      let row = await refused();
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.lastError).toContain('550');
      // Next try after the first back-off, not at once.
      const wait = row.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(RETRY_DELAYS_MS[0]! - 10_000);
      expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]! + 1_000);
      expect((await app.mailer.poll())!.claimed).toBe(0);

      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeDue();
        await app.mailer.poll();
        row = await refused();
        expect(row.attempts).toBe(attempt);
        expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'queued' : 'failed');
      }
      expect(row.lastError).toContain('Mailbox unavailable');
      expect(row.sentAt).toBeNull();
      expect(smtp.refusals).toBeGreaterThanOrEqual(MAX_ATTEMPTS);
    } finally {
      smtp.refuseWith(null);
    }
    // Failed stays failed (the breeder still has the inquiry in the dashboard); nothing else was sent.
    await makeDue();
    await app.mailer.poll();
    expect((await outbox()).find((m) => m.subject === 'New inquiry from Refused Family')).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
    });
    expect(smtp.received.length).toBe(received);
    expect(await inquiries()).toBe(rows + 1);
  });

  it("logs each failed attempt at warn with the address's domain and the SMTP answer, never the address", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const other = await createTestDatabase();
    // LOG_LEVEL=warn, as in production: nothing at info reaches the log.
    const warned = await buildApp({
      orm: other.orm,
      env: testEnv({ SMTP_URL: smtp.url }),
      closeOrm: false,
      logger: { level: 'warn', stream },
    });
    const refused = 'jo.family+puppy@Refused.Example';
    // A real server's answer names the address it refuses.
    smtp.refuseWith({ code: 550, message: `5.1.1 <${refused}>: Recipient address rejected: User unknown`, recipient: refused });
    try {
      await warned.ready();
      const em = other.orm.em.fork();
      enqueueMail(em, { lane: 'notification', to: refused, subject: 'Refused one', text: 'x' });
      enqueueMail(em, { lane: 'notification', to: 'accepted@example.com', subject: 'Accepted one', text: 'x' });
      await em.flush();
      const before = smtp.received.length;
      await warned.mailer.poll();
      await warned.mailer.poll();
      expect((await smtp.waitFor(before + 1)).slice(before).map((m) => m.subject)).toEqual(['Accepted one']);

      const failures = lines.filter((l) => l.msg === 'e-mail attempt failed');
      expect(failures).toHaveLength(1);
      const [failure] = failures;
      expect(failure!.level).toBe(40); // warn
      expect(failure!.mail).toMatchObject({
        domain: 'refused.example',
        attempt: 1,
        of: MAX_ATTEMPTS,
        final: false,
        retryInSeconds: RETRY_DELAYS_MS[0]! / 1000,
      });
      expect(failure!.smtp).toMatchObject({ responseCode: 550, command: 'RCPT TO' });
      expect(String((failure!.smtp as { response: string }).response)).toMatch(
        /^550 5\.1\.1 <.*@Refused\.Example>: Recipient address rejected: User unknown$/,
      );
      // The address's own part is in no line, in any spelling.
      expect(JSON.stringify(lines).toLowerCase()).not.toContain('jo.family');
      expect(withoutAddresses('550 <a.b+c@x.org> and "d@localhost" (e@f.co) rejected')).toBe(
        '550 <…@x.org> and "…@localhost" (…@f.co) rejected',
      );
      expect([mailDomain('Jo <jo@Example.COM>'), mailDomain('jo@example.com'), mailDomain('nobody')]).toEqual([
        'example.com',
        'example.com',
        null,
      ]);

      // The last attempt says so.
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await other.orm.em.fork().getConnection().execute(`update outbox_messages set next_attempt_at = now() where status = 'queued'`);
        await warned.mailer.poll();
      }
      const last = lines.filter((l) => l.msg === 'e-mail attempt failed').at(-1)!;
      expect(last.mail).toMatchObject({ domain: 'refused.example', attempt: MAX_ATTEMPTS, final: true });
      expect(lines.filter((l) => l.msg === 'e-mail attempt failed')).toHaveLength(MAX_ATTEMPTS);
      expect(JSON.stringify(lines).toLowerCase()).not.toContain('jo.family');
    } finally {
      smtp.refuseWith(null);
      await warned.close();
      await other.close();
    }
  });

  it('on close, records the send under way and hands the rest of its batch back, due at once', async () => {
    const other = await createTestDatabase();
    const closing = await buildApp({ orm: other.orm, env: testEnv({ SMTP_URL: smtp.url }), closeOrm: false, logger: false });
    try {
      await closing.ready();
      const em = other.orm.em.fork();
      for (const n of [1, 2, 3]) enqueueMail(em, { lane: 'notification', to: 'breeder@example.com', subject: `Closing ${n}`, text: 'x' });
      const held = smtp.holdNext();
      await em.flush();
      const pass = closing.mailer.poll();
      await held.arrived; // "Closing 1" is mid-send
      const closed = closing.close();
      held.release();
      await closed;
      await pass;
      const rows = await other.orm.em.fork().find(OutboxMessage, {}, { orderBy: { id: 'asc' } });
      expect(rows.map((r) => [r.subject, r.status, r.attempts])).toEqual([
        ['Closing 1', 'sent', 1],
        ['Closing 2', 'queued', 0],
        ['Closing 3', 'queued', 0],
      ]);
      expect(rows[1]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    } finally {
      await closing.close();
      await other.close();
    }
  });

  it('without SMTP_URL keeps messages queued (saying so once) until an instance that can send starts', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const other = await createTestDatabase();
    const quiet = await buildApp({ orm: other.orm, env: testEnv(), closeOrm: false, logger: { level: 'info', stream } });
    let sender: FastifyInstance | undefined;
    try {
      await quiet.ready();
      expect(quiet.mailer.enabled).toBe(false);
      for (const name of ['Queued Family', 'Queued Family Two']) {
        expect((await post('/api/inquiries', { ...inquiry, name }, quiet)).statusCode).toBe(201);
      }
      expect(await quiet.mailer.poll()).toBeNull();
      const notices = lines.filter((l) => l.includes('SMTP_URL is not set'));
      expect(notices).toHaveLength(1);
      expect(JSON.parse(notices[0]!).level).toBe(30); // info
      const queued = await other.orm.em.fork().find(OutboxMessage, {});
      expect(queued.map((m) => [m.status, m.attempts])).toEqual([
        ['queued', 0],
        ['queued', 0],
      ]);

      // Nothing is lost: an instance with SMTP_URL sends both as soon as it starts.
      const before = smtp.received.length;
      sender = await buildApp({ orm: other.orm, env: testEnv({ SMTP_URL: smtp.url }), closeOrm: false, logger: false });
      await sender.ready();
      const mails = (await smtp.waitFor(before + 2)).slice(before);
      expect(mails.map((m) => m.subject).sort()).toEqual(['New inquiry from Queued Family', 'New inquiry from Queued Family Two']);
      // The default sender is no-reply at the site's host.
      expect(mails[0]!.from).toBe('no-reply@localhost');
    } finally {
      await sender?.close();
      await quiet.close();
      await other.close();
    }
  });
});
