// Issue 44, item 7 (decision 140): mail in lanes, digests of the breeder's notifications, and which dead senders'
// claims a sender may hand back. The real app and its mailer, a real SMTP server; the order of arrival there is
// what is asserted, never a time.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { startSmtpServer } from './testing/smtp.ts';
import { deadSenders, senderId } from './plugins/mailer.ts';
import { DIGEST_AFTER, DIGEST_WINDOW_MS } from '../features/mail/server/outbox.service.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const BREEDER = 'breeder@example.com';
let nextIp = 1;

describe('mail in lanes, and digests for the breeder', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: '1000' });
  const sql = <T = unknown>(text: string, params: unknown[] = []) => t.orm.em.fork().getConnection().execute<T[]>(text, params);
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN }, remoteAddress: `10.44.0.${nextIp++}` });

  it('a flood of notifications queued, then an account e-mail: the account e-mail goes next, not after the flood', async () => {
    const em = t.orm.em.fork();
    for (let i = 1; i <= 40; i++)
      t.app.services.mail.enqueue(em, {
        lane: 'notification',
        to: `family${i}@example.com`,
        subject: `Flood ${i}`,
        text: `Notification ${i}`,
      });
    await em.flush();
    // The flood is being sent: a first pass has taken its share.
    await t.app.mailer.poll();
    const before = (await smtp.waitFor(5)).length;
    expect(smtp.received.slice(0, before).every((m) => m.subject.startsWith('Flood '))).toBe(true);

    expect((await post('/api/subscribers', { email: 'newreader@example.com', name: 'New Reader' })).statusCode).toBe(200);
    // Every e-mail until the confirmation has arrived.
    while (!smtp.received.some((m) => m.to.includes('newreader@example.com'))) await smtp.waitFor(smtp.received.length + 1, 30_000);
    const at = smtp.received.findIndex((m) => m.to.includes('newreader@example.com'));
    // Queued after 40 notifications, it went with at most one of theirs before it (the one in flight, or the turn),
    // not after the 35 still waiting.
    expect(at - before).toBeLessThanOrEqual(1);
    // The rest of the flood still goes, each once: most of it after the account e-mail.
    while (smtp.received.filter((m) => m.subject.startsWith('Flood ')).length < 40) await smtp.waitFor(smtp.received.length + 1, 30_000);
    expect(new Set(smtp.received.filter((m) => m.subject.startsWith('Flood ')).map((m) => m.subject)).size).toBe(40);
    expect(smtp.received.slice(at + 1).filter((m) => m.subject.startsWith('Flood ')).length).toBeGreaterThanOrEqual(40 - before - 1);
  });

  it('many notifications of one kind to the breeder at once become one e-mail; one more within the window waits for the next digest', async () => {
    await sql(`update "site_settings" set "email" = ?`, [BREEDER]);
    await sql(`update "outbox_messages" set "status" = 'sent' where "status" = 'queued'`);
    const count = DIGEST_AFTER + 5;
    const em = t.orm.em.fork();
    for (let i = 1; i <= count; i++) {
      t.app.services.mail.enqueue(em, {
        lane: 'notification',
        digest: 'inquiry',
        to: BREEDER,
        replyTo: `family${i}@example.com`,
        subject: `New inquiry from Family ${i}`,
        text: `Message ${i}`,
      });
    }
    await em.flush();
    const from = smtp.received.length;
    await t.app.mailer.poll();
    await smtp.waitFor(from + 1);
    const toBreeder = () => smtp.received.slice(from).filter((m) => m.to.includes(BREEDER));
    expect(toBreeder()).toHaveLength(1);
    const digest = toBreeder()[0]!;
    expect(digest.subject).toBe(`New inquiry from Family 1 (and ${count - 1} more)`);
    for (let i = 1; i <= count; i++) {
      expect(digest.text).toContain(`New inquiry from Family ${i}\n`);
      expect(digest.text).toContain(`Reply to: family${i}@example.com`);
    }
    const rows = await sql<{ status: string; n: number }>(
      `select "status", count(*)::int as n from "outbox_messages" where "digest_key" = 'inquiry' group by 1`,
    );
    expect(rows).toEqual([{ status: 'sent', n: count }]);

    // One more inquiry through the site, inside the window: it waits for the digest after the window, not alone now.
    expect(
      (
        await post('/api/inquiries', {
          name: 'Late Family',
          email: 'late@example.com',
          phone: '',
          interest: 'waitlist',
          message: 'Is there still room on the list?',
        })
      ).statusCode,
    ).toBe(201);
    const report = await t.app.mailer.poll();
    expect(report).toMatchObject({ sent: 0 });
    const [late] = await sql<{ status: string; wait_ms: number; attempts: number }>(
      `select "status", "attempts", extract(epoch from ("next_attempt_at" - (select max("sent_at") from "outbox_messages" where "digest_key" = 'inquiry'))) * 1000 as "wait_ms"
       from "outbox_messages" where "digest_key" = 'inquiry' and "status" = 'queued'`,
    );
    expect(late).toMatchObject({ status: 'queued', attempts: 0 });
    expect(Math.round(Number(late!.wait_ms))).toBe(DIGEST_WINDOW_MS);
    expect(smtp.received.slice(from).filter((m) => m.to.includes(BREEDER))).toHaveLength(1);
  });
});

describe('whose claims a restarted sender hands back at once', () => {
  const idOf = (who: Record<string, unknown>) => JSON.stringify({ app: 'x', ...who });

  it('a process of this machine: only once it has stopped, whatever instance it says it is', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const id = idOf({ instance: 'mail-1', host: os.hostname(), pid: child.pid });
    // Alive, and of this very instance (a second process started with the same INSTANCE_ID): never released.
    expect(deadSenders([id], { instance: 'mail-1' })).toEqual([]);
    child.kill('SIGKILL');
    await exited;
    expect(deadSenders([id], { instance: 'mail-1' })).toEqual([id]);
    expect(deadSenders([id], { instance: 'mail-2' })).toEqual([id]);
  });

  it('another machine: an earlier run of this instance (a recreated container) is released, another instance waits out its lease', () => {
    const mine = idOf({ instance: 'mail-1', host: 'container-before-restart', pid: 1 });
    const other = idOf({ instance: 'mail-2', host: 'another-machine', pid: 1 });
    expect(deadSenders([mine, other], { instance: 'mail-1' })).toEqual([mine]);
    expect(deadSenders([mine, other], { instance: 'mail-3' })).toEqual([]);
    // Unreadable claimants are never taken for dead.
    expect(deadSenders(['not json'], { instance: 'mail-1' })).toEqual([]);
  });

  it('the embedded database (one process at a time): every sender but this process’s own', () => {
    const elsewhere = idOf({ instance: 'mail-9', host: 'another-machine', pid: 1 });
    expect(deadSenders([elsewhere], { instance: 'mail-1', embedded: true })).toEqual([elsewhere]);
    expect(deadSenders([elsewhere], { instance: 'mail-1', embedded: false })).toEqual([]);
    expect(JSON.parse(senderId('mail-1'))).toMatchObject({ instance: 'mail-1', host: os.hostname(), pid: process.pid });
  });
});
