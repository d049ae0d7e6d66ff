// The go-home e-mail through a real SMTP server: sent once when the pickup time comes (however often the job runs,
// two runs at once too), to the family's verified address, with the passport PDF attached (parsed, its text read)
// and a vet link that opens the record without an account.
import { afterAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { TEST_ORIGIN, useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { GO_HOME_SUBJECT } from '../health.schema.ts';
import { addDays } from '../due.ts';
import { todayUtc } from './health.service.ts';
import { runGoHomeMails } from './go-home-mail.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describe('the go-home e-mail', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });
  const HOUR = 3_600_000;

  it('goes once, on the pickup, with the passport attached and a vet link that opens', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    const nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens', email: 'nguyens@example.com' });
    const unverified = await signIn(t.orm, { isAdmin: false, username: 'unverified' });
    const em = t.orm.em.fork();
    const birth = addDays(todayUtc(), -56);
    const [litter] = await em.execute<{ id: number }[]>(
      `insert into "litters" ("name", "mother_name", "father_name", "birth_date", "created_at", "updated_at") values ('Spring Litter', 'Rosie', 'Cooper', ?, now(), now()) returning "id"`,
      [birth],
    );
    const puppy = async (name: string, familyId: number | null) =>
      Number(
        (
          await em.execute<{ id: number }[]>(
            `insert into "puppies" ("name", "gender", "color", "litter_id", "family_id", "status", "created_at", "updated_at") values (?, 'female', 'apricot', ?, ?, 'reserved', now(), now()) returning "id"`,
            [name, litter!.id, familyId],
          )
        )[0]!.id,
      );
    const luna = await puppy('Luna', parkers.user.id);
    const max = await puppy('Max', nguyens.user.id);
    const pip = await puppy('Pip', unverified.user.id);
    const old = await puppy('Old Timer', nguyens.user.id);
    await t.caller(admin.user).admin.health.record({
      puppyIds: [luna],
      kind: 'microchip',
      givenOn: todayUtc(),
      microchip: '985112003456789',
      registry: 'AKC Reunite',
    });
    await t.caller(admin.user).admin.health.record({
      litterId: litter!.id,
      kind: 'vet-check',
      givenOn: addDays(todayUtc(), -7),
      findings: 'Healthy, heart and lungs clear',
      vet: 'Dr. Ames',
    });
    const now = new Date();
    // Luna went home an hour ago; Max goes tomorrow; Pip's family has no verified address; Old Timer went home a month ago.
    await em.execute(`insert into "puppy_pickups" ("puppy_id", "at") values (?, ?), (?, ?), (?, ?), (?, ?)`, [
      luna,
      new Date(now.getTime() - HOUR),
      max,
      new Date(now.getTime() + 24 * HOUR),
      pip,
      new Date(now.getTime() - HOUR),
      old,
      new Date(now.getTime() - 30 * 24 * HOUR),
    ]);

    // Before the pickup nothing goes; then two runs at once (two instances) and a third later queue one e-mail.
    expect(await runGoHomeMails(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, new Date(now.getTime() - 2 * HOUR))).toBe(0);
    const both = await Promise.all([
      runGoHomeMails(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, now),
      runGoHomeMails(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, now),
    ]);
    expect(both.sort()).toEqual([0, 1]);
    expect(await runGoHomeMails(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, new Date(now.getTime() + HOUR))).toBe(0);
    const queued = await t.orm.em
      .fork()
      .execute<{ to: string; n: string }[]>(`select "to", count(*) as "n" from "outbox_messages" group by "to"`);
    expect(queued.map((q) => [q.to, Number(q.n)])).toEqual([['parkers@example.com', 1]]);

    await t.app.mailer.poll();
    const [received] = await smtp.waitFor(1);
    expect(received!.to).toEqual(['parkers@example.com']);
    const parsed = await simpleParser(received!.raw);
    expect(parsed.subject).toBe(GO_HOME_SUBJECT('Luna'));
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([['passport-luna.pdf', 'application/pdf']]);
    const pdf = (await extractText(await getDocumentProxy(new Uint8Array(parsed.attachments[0]!.content)), { mergePages: true })).text;
    for (const expected of [
      'Puppy passport: Luna',
      'Spring Litter',
      '985112003456789',
      'AKC Reunite',
      'Healthy, heart and lungs clear',
      'Dr. Ames',
      'First vaccination (DHPP)',
    ]) {
      expect(pdf, expected).toContain(expected);
    }

    // The vet link in the text and in the HTML is the family's own link: it opens without an account, and the
    // family finds it on its card (to revoke it).
    const url = /(http:\/\/\S+\/vet\/\S+)/.exec(parsed.text ?? '')?.[1];
    expect(url).toBeDefined();
    expect(parsed.html).toContain(`href="${url}"`);
    const page = await t.app.inject({ method: 'GET', url: url!.slice(TEST_ORIGIN.length) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Health record: Luna');
    const links = await t.caller(parkers.user).health.shareLinks({ puppyId: luna });
    expect(links.map((l) => [l.url, l.active])).toEqual([[url, true]]);
    expect(Date.parse(links[0]!.expiresAt) - now.getTime()).toBeGreaterThan(29 * 24 * HOUR);

    // Tomorrow Max goes home: one more e-mail, to the Nguyens only (not about the puppy of a month ago).
    expect(await runGoHomeMails(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, new Date(now.getTime() + 25 * HOUR))).toBe(1);
    await t.app.mailer.poll();
    const all = await smtp.waitFor(2);
    expect(all.map((m) => [m.to[0], m.subject])).toEqual([
      ['parkers@example.com', GO_HOME_SUBJECT('Luna')],
      ['nguyens@example.com', GO_HOME_SUBJECT('Max')],
    ]);
  });
});
