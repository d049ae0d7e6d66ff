// Every CSV export streams (issue 35): read in keyset batches after the last row sent, each from a fresh unit of
// work. Small batches give byte for byte the file one batch gives, every matching row once, in the export's order,
// and the download (REST) sends the same bytes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { seedScale } from './seed/scale-seed.ts';
import { subscribersCsv } from '../features/subscribers/server/subscribers.admin-service.ts';
import { applicationsCsv } from '../features/applications/server/applications.admin-service.ts';
import { paymentsCsv } from '../features/payments/server/payments.admin-service.ts';
import { inquiriesCsv } from '../features/inquiries/server/inquiries.admin-service.ts';

const text = async (stream: Readable) => {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
};
const records = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { columns: false }) as string[][];

describe('CSV exports stream in batches', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedScale(t.orm.em.fork(), { scale: 0.2, tables: ['inquiries', 'subscribers', 'families', 'applications'] });
    // Payments of the seeded families, several on the same day (the keyset's tie on paid_on).
    await t.orm.em.getConnection().execute(
      `insert into payments (family_id, amount_cents, paid_on, method, reason, recorded_at, receipt_pdf)
       select u.id, 10000 + g, '2026-0' || (1 + g % 9) || '-1' || (g % 3), 'bank', 'Deposit ' || g, now(), '\\x00'::bytea
       from generate_series(1, 37) g join lateral (select id from users where not is_admin order by id offset g % 5 limit 1) u on true`,
    );
  });
  const em = () => t.orm.em.fork();
  const count = async (sql: string) => Number((await t.orm.em.getConnection().execute<{ n: string }[]>(sql))[0]!.n);

  it('subscribers: 7-row batches give the same bytes as one batch, each subscriber once, newest first', async () => {
    const whole = await text(subscribersCsv(em(), {}));
    expect(await text(subscribersCsv(em(), {}, 7))).toBe(whole);
    const rows = records(whole).slice(1);
    expect(rows).toHaveLength(await count('select count(*) as n from subscribers'));
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    const when = rows.map((r) => r[3]!);
    expect([...when].sort().reverse()).toEqual(when);
    const filtered = await text(subscribersCsv(em(), { status: 'active' }, 3));
    expect(records(filtered).slice(1)).toHaveLength(await count(`select count(*) as n from subscribers where status = 'active'`));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers.csv',
      headers: { cookie: (await signIn(t.orm, { isAdmin: true })).cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(whole);
  });

  it('applications: batches of 3 equal one batch, each application once', async () => {
    const whole = await text(applicationsCsv(em(), {}));
    expect(await text(applicationsCsv(em(), {}, 3))).toBe(whole);
    const ids = records(whole)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids).toHaveLength(await count('select count(*) as n from applications'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('payments: batches of 4 equal one batch, oldest first, ties on the day kept in receipt order', async () => {
    const whole = await text(paymentsCsv(em(), undefined));
    expect(await text(paymentsCsv(em(), undefined, 4))).toBe(whole);
    const rows = records(whole).slice(1);
    expect(rows).toHaveLength(37);
    expect(new Set(rows.map((r) => r[0])).size).toBe(37);
    const days = rows.map((r) => r[1]!);
    expect([...days].sort()).toEqual(days);
  });

  it('inquiries: the shared stream keeps the bytes of the batched export', async () => {
    expect(await text(inquiriesCsv(em(), {}, 11))).toBe(await text(inquiriesCsv(em(), {})));
  });
});
