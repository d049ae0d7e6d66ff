// Applications (features/applications) as mail sees them: the e-mails they send, through the outbox to a real SMTP server process; and the answers in
// no log line, even at debug level and for a refused submit.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { testEnv, TEST_ORIGIN } from './testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';
import { signIn } from './testing/auth.ts';
import { startSmtpServer, type TestSmtpServer } from '../features/mail/server/mail.test-helpers.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';
import { statusMail } from '../features/applications/server/applications.service.ts';

const BREEDER = 'breeder@example.com';
/** Answers only an application carries: none of them may reach a log line. */
const SECRET_HOUSEHOLD = 'Grandma Zelda-Quimby and twins aged 4';
const SECRET_DETAILS = 'Our Newfoundland Horatius lived to fourteen.';

describe('application e-mails and logs', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  const logs: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      orm: db.orm,
      env: testEnv({ SMTP_URL: smtp.url, NODE_ENV: 'production' }),
      closeOrm: false,
      logger: { level: 'debug', stream },
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api/settings' });
    await db.orm.em.fork().getConnection().execute(`update site_settings set email = ?`, [BREEDER]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await smtp?.close();
  });

  const send = (method: 'POST' | 'GET', url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload: payload ? JSON.stringify(payload) : undefined,
    });

  it('acknowledges the family, notifies the breeder, and writes to the family on a status change with the breeder’s message', async () => {
    // Mail goes to the account's verified address (decision 108), here the same as the one typed.
    const family = await signIn(db.orm, { isAdmin: false, email: 'rivera.family@example.com' });
    const breeder = await signIn(db.orm, { isAdmin: true });
    const answers = { ...ANSWERS, email: 'rivera.family@example.com', household: SECRET_HOUSEHOLD, experienceDetails: SECRET_DETAILS };

    const refused = await send('POST', '/api/applications', family.cookie, {
      ...answers,
      idempotencyKey: 'mail-key-0001',
      size: 'enormous',
    });
    expect(refused.statusCode).toBe(400);
    const res = await send('POST', '/api/applications', family.cookie, { ...answers, idempotencyKey: 'mail-key-0002' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    const mails = await smtp.waitFor(2);
    const ack = mails.find((m) => m.to.includes('rivera.family@example.com'));
    const notice = mails.find((m) => m.to.includes(BREEDER));
    expect(ack?.subject).toBe('Your puppy application: Submitted');
    expect(ack?.text).toContain('Hello Jamie Rivera,');
    expect(ack?.text).toContain('we usually reply within a few days');
    expect(notice?.subject).toBe('New application from Jamie Rivera');
    expect(notice?.headers['reply-to']).toBe('rivera.family@example.com');
    expect(notice?.text).toContain(`${TEST_ORIGIN}/admin/applications`);
    // The answers stay in the dashboard, not in the breeder's mailbox.
    expect(notice?.text).not.toContain(SECRET_HOUSEHOLD);

    const approve = await send('POST', '/trpc/admin.applications.changeStatus', breeder.cookie, {
      id,
      status: 'approved',
      message: 'We loved meeting you on the phone. <b>Welcome!</b>',
    });
    expect(approve.statusCode).toBe(200);
    const [approved] = (await smtp.waitFor(3)).slice(2);
    expect(approved!.to).toEqual(['rivera.family@example.com']);
    expect(approved!.subject).toBe('Your puppy application: Approved');
    expect(approved!.text).toContain('A message from us:\nWe loved meeting you on the phone. <b>Welcome!</b>');
    expect(approved!.text).toContain('$500 non-refundable deposit');
    expect(approved!.html).toContain('&lt;b&gt;Welcome!&lt;/b&gt;');
    // A button to where the family follows its application (not a bare address in the text), and a sign-off.
    expect(approved!.html).toMatch(new RegExp(`<a href="${TEST_ORIGIN}/questionnaire"[^>]*>See your application</a>`));
    expect(approved!.text).toMatch(/Warm regards,\n\S.*\s*$/);
    expect(approved!.html).toContain('Warm regards,');

    await send('POST', '/trpc/admin.applications.changeStatus', breeder.cookie, { id, status: 'waitlisted', litterId: null });
    const [waitlisted] = (await smtp.waitFor(4)).slice(3);
    expect(waitlisted!.subject).toBe('Your puppy application: On the waitlist');
    expect(waitlisted!.text).toContain('You are 1st on our general waitlist.');

    const mine = await send('GET', '/api/applications/mine', family.cookie);
    expect(mine.statusCode).toBe(200);
    const csv = await send('GET', '/api/admin/applications.csv', breeder.cookie);
    expect(csv.body).toContain(SECRET_HOUSEHOLD);

    await app.mailer.poll();
    const all = logs.join('');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of [SECRET_HOUSEHOLD, SECRET_DETAILS, 'rivera.family@example.com', 'enormous']) expect(all).not.toContain(secret);
  });
});

describe('the application e-mail once matched', () => {
  it('points to My Family with a button, not to the questionnaire, and is signed by the breeder', () => {
    const mail = statusMail(
      { name: 'The Riveras' } as Parameters<typeof statusMail>[0],
      'matched',
      null,
      TEST_ORIGIN,
      'Your puppy: Biscuit.',
      'Aspen Meadow Doodles',
    );
    expect(mail.html).toMatch(new RegExp(`<a href="${TEST_ORIGIN}/account"[^>]*>Open My Family</a>`));
    expect(mail.html).not.toContain('/questionnaire');
    expect(mail.text).toContain(`${TEST_ORIGIN}/account`);
    expect(mail.text.endsWith('Warm regards,\nAspen Meadow Doodles')).toBe(true);
  });
});
