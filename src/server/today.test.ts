import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { TODAY_SOURCES } from './today-sources.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';
import { gatherToday } from '../features/today/server/today.service.ts';
import type { TodayAnswer } from '../features/today/today.schema.ts';

const HOUR = 3_600_000;
// Pinned a minute in the past, so the procedure (on the real clock) sees the same rows.
const NOW = new Date(Date.now() - 60_000);
const inDays = (days: number) => new Date(NOW.getTime() + days * 24 * HOUR).toISOString().slice(0, 10);
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('Today: every source on one request', () => {
  const t = useTestApp();
  const quiet = { warn: () => {} };

  async function seed() {
    const family = await signIn(t.orm, { isAdmin: false, email: 'rivera@example.com' });
    const { id: applicationId } = await t
      .caller(family.user, '10.9.0.1')
      .applications.submit({ ...ANSWERS, name: 'Jamie Rivera', idempotencyKey: randomUUID() });
    const em = t.orm.em.fork();
    await em.execute(`update "applications" set "created_at" = ? where "id" = ?`, [ago(3 * 24 * HOUR), applicationId]);
    await em.execute(`update "application_events" set "at" = ? where "application_id" = ?`, [ago(3 * 24 * HOUR), applicationId]);
    await t
      .caller(null, '10.9.0.2')
      .inquiries.create({ name: 'Pat Morgan', email: 'pat@example.com', interest: 'available', message: 'Is Biscuit still available?' });
    await em.execute(`update "inquiries" set "created_at" = ?`, [ago(2 * HOUR)]);
    await em.execute(`update "outbox_messages" set "status" = 'failed', "created_at" = ? where "subject" like 'New application%'`, [
      ago(HOUR),
    ]);
    const [litter] = await em.execute<Array<{ id: number }>>(
      `insert into "litters" ("name", "mother_name", "father_name", "expected_date", "created_at", "updated_at") values ('Winter Litter', 'Daisy', 'Cooper', ?, now(), now()) returning "id"`,
      [inDays(5)],
    );
    await em.execute(
      `insert into "litters" ("name", "mother_name", "father_name", "expected_date", "created_at", "updated_at") values ('Spring Litter', 'Rosie', 'Cooper', ?, now(), now())`,
      [inDays(60)],
    );
    const [puppy] = await em.execute<Array<{ id: number }>>(
      `insert into "puppies" ("name", "gender", "color", "family_id", "created_at", "updated_at") values ('Teddy', 'male', 'apricot', ?, now(), now()) returning "id"`,
      [family.user.id],
    );
    await em.execute(`insert into "puppy_pickups" ("puppy_id", "at") values (?, ?)`, [puppy!.id, new Date(NOW.getTime() + 3 * HOUR)]);
    await em.execute(
      `insert into "subscribers" ("email", "status", "unsubscribe_token", "created_at", "updated_at") values ('gone@example.com', 'unsubscribed', ?, now(), ?)`,
      [randomUUID().replace(/-/g, ''), ago(24 * HOUR)],
    );
    return { applicationId, litterId: litter!.id };
  }

  it('puts each kind of item in its list, sorted, every line linking to where she acts', async () => {
    const { applicationId, litterId } = await seed();
    const today = await gatherToday(t.orm.em.fork(), TODAY_SOURCES, NOW, quiet);

    expect(today.unavailable).toEqual([]);
    expect(today.action.map((i) => [i.source, i.title, i.href, !!i.overdue])).toEqual([
      // Overdue first, oldest first.
      ['applications', 'New application from Jamie Rivera', `/admin/applications?edit=${applicationId}`, true],
      ['mail', 'An e-mail to info@aspenmeadowdoodles.com could not be sent: New application from Jamie Rivera', '/admin/settings', true],
      ['inquiries', 'Unread inquiry from Pat Morgan', expect.stringMatching(/^\/admin\/inbox\?edit=\d+$/), false],
    ]);
    expect(today.scheduled.map((i) => [i.source, i.title, i.href])).toEqual([
      // The pickup names the puppy and its family and opens the family's application (issue 45).
      ['portal', 'Teddy goes home with Jamie Rivera', `/admin/applications?edit=${applicationId}`],
      ['litters', 'The Winter Litter is due', `/admin/litters?edit=${litterId}`],
    ]);
    // A litter is due on a day: the line carries that day, which the screen shows as it is.
    expect(today.scheduled[1]!.day).toBe(inDays(5));
    expect(today.activity.map((i) => [i.source, i.title])).toEqual([
      ['subscribers', 'gone@example.com unsubscribed from the newsletter'],
      ['applications', 'Jamie Rivera applied'],
    ]);
  });

  it('shows the other sources and names the one that failed, which is logged', async () => {
    const logged: object[] = [];
    const failing = { name: 'payments', source: async () => Promise.reject(new Error('relation "payments" does not exist')) };
    const today = await gatherToday(t.orm.em.fork(), [failing, ...TODAY_SOURCES], NOW, { warn: (obj) => logged.push(obj) });
    expect(today.unavailable).toEqual(['payments']);
    expect(today.action.length).toBeGreaterThan(0);
    expect(logged).toEqual([expect.objectContaining({ source: 'payments' })]);
  });

  it('answers the breeder in one request; a family is refused', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/trpc/admin.today.get', headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(200);
    const answer = (res.json() as { result: { data: TodayAnswer } }).result.data;
    expect(answer.action.map((i) => i.title)).toContain('Unread inquiry from Pat Morgan');
    const family = await signIn(t.orm, { isAdmin: false });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/trpc/admin.today.get',
      headers: { cookie: family.cookie, origin: TEST_ORIGIN },
    });
    expect(refused.statusCode).toBe(403);
  });
});
