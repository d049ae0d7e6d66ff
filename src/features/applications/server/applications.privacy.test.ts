// The privacy matrix: every application and waitlist procedure as another family, as a visitor and
// as the breeder; and the breeder's CSV export (the one way answers leave the building).
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { ANSWERS } from './applications.test-fixtures.ts';
import { APPLICATION_CSV_COLUMNS } from './applications.admin-service.ts';

describe('applications: who sees what', () => {
  const t = useTestApp();
  const call = (path: string, type: 'query' | 'mutation', input: unknown, cookie?: string) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
    return type === 'query'
      ? t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, headers })
      : t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input ?? {}),
        });
  };

  it('a family reaches only its own application; another family, a visitor and the breeder get what they should', async () => {
    const owner = await signIn(t.orm, { isAdmin: false });
    const other = await signIn(t.orm, { isAdmin: false });
    const breeder = await signIn(t.orm, { isAdmin: true });
    const submitted = await call(
      'applications.submit',
      'mutation',
      { ...ANSWERS, name: 'Owner Family', idempotencyKey: 'privacy-0001' },
      owner.cookie,
    );
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().result.data.id as number;
    await call('applications.saveDraft', 'mutation', { values: { household: 'Owner draft text' } }, owner.cookie);
    await call('admin.applications.changeStatus', 'mutation', { id, status: 'approved' }, breeder.cookie);
    await call('admin.applications.changeStatus', 'mutation', { id, status: 'waitlisted', litterId: null }, breeder.cookie);

    // Another family: its own (empty) lists, and 404 for the owner's application.
    const otherMine = await call('applications.mine', 'query', undefined, other.cookie);
    expect(otherMine.statusCode).toBe(200);
    expect(otherMine.json().result.data).toEqual([]);
    const otherDraft = await call('applications.draft', 'query', undefined, other.cookie);
    expect(otherDraft.json().result.data).toEqual({ values: null, updatedAt: null });
    const otherWithdraw = await call('applications.withdraw', 'mutation', { id }, other.cookie);
    expect(otherWithdraw.statusCode).toBe(404);
    expect(otherWithdraw.body).not.toContain('Owner Family');
    const restMine = await t.app.inject({ method: 'GET', url: '/api/applications/mine', headers: { cookie: other.cookie } });
    expect(restMine.json()).toEqual([]);

    // Every admin procedure of the feature: 403 for a family, 401 for a visitor, never data.
    const adminCalls: [string, 'query' | 'mutation', unknown][] = [
      ['admin.applications.list', 'query', {}],
      ['admin.applications.newCount', 'query', undefined],
      ['admin.applications.byId', 'query', { id }],
      ['admin.applications.open', 'mutation', { id }],
      ['admin.applications.setNotes', 'mutation', { id, notes: 'x' }],
      ['admin.applications.changeStatus', 'mutation', { id, status: 'declined' }],
      ['admin.applications.exportCsv', 'query', {}],
      ['admin.applications.waitlist', 'query', { litterId: null }],
      ['admin.applications.reorder', 'mutation', { id, position: 1 }],
      ['admin.applications.moveToList', 'mutation', { id, litterId: null }],
      ['admin.applications.setDeposit', 'mutation', { id, amount: 500, receivedOn: '2026-11-20', method: 'cash' }],
      ['admin.applications.match', 'mutation', { id, puppyId: 1 }],
    ];
    for (const [path, type, input] of adminCalls) {
      const asFamily = await call(path, type, input, owner.cookie);
      const asOther = await call(path, type, input, other.cookie);
      const asVisitor = await call(path, type, input);
      expect([path, asFamily.statusCode, asOther.statusCode, asVisitor.statusCode]).toEqual([path, 403, 403, 401]);
      for (const res of [asFamily, asOther, asVisitor]) expect(res.body).not.toContain('Owner Family');
    }
    // Every family procedure as a visitor: 401.
    const familyCalls: [string, 'query' | 'mutation', unknown][] = [
      ['applications.submit', 'mutation', { ...ANSWERS, idempotencyKey: 'privacy-0002' }],
      ['applications.mine', 'query', undefined],
      ['applications.draft', 'query', undefined],
      ['applications.saveDraft', 'mutation', { values: {} }],
      ['applications.withdraw', 'mutation', { id }],
    ];
    for (const [path, type, input] of familyCalls) expect([path, (await call(path, type, input)).statusCode]).toEqual([path, 401]);
    expect((await t.app.inject({ method: 'GET', url: '/api/applications/mine' })).statusCode).toBe(401);

    // The owner still has everything; the breeder reads the answers and the waitlist.
    const mine = (await call('applications.mine', 'query', undefined, owner.cookie)).json().result.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id, status: 'waitlisted', waitlist: { position: 1 } });
    expect((await call('applications.draft', 'query', undefined, owner.cookie)).json().result.data.values).toEqual({
      household: 'Owner draft text',
    });
    const asBreeder = (await call('admin.applications.byId', 'query', { id }, breeder.cookie)).json().result.data;
    expect(asBreeder.answers).toMatchObject({ name: 'Owner Family', household: ANSWERS.household });
    const waitlist = (await call('admin.applications.waitlist', 'query', { litterId: null }, breeder.cookie)).json().result.data;
    expect(waitlist.map((e: { id: number }) => e.id)).toEqual([id]);
    // The breeder's own "mine" holds no family's application.
    expect((await call('applications.mine', 'query', undefined, breeder.cookie)).json().result.data).toEqual([]);
  });

  it('two families with applications each see and withdraw only their own, by every id', async () => {
    const families = await Promise.all([1, 2, 3].map(() => signIn(t.orm, { isAdmin: false })));
    const ids: number[] = [];
    for (const [i, f] of families.entries()) {
      const res = await call(
        'applications.submit',
        'mutation',
        { ...ANSWERS, name: `Family Number ${i}`, idempotencyKey: `privacy-many-${i}` },
        f.cookie,
      );
      expect(res.statusCode).toBe(200);
      ids.push(res.json().result.data.id as number);
    }
    expect(new Set(ids).size).toBe(3);
    for (const [i, f] of families.entries()) {
      const mine = (await call('applications.mine', 'query', undefined, f.cookie)).json().result.data as Array<{
        id: number;
        answers?: { name?: string };
      }>;
      expect(mine.map((a) => a.id)).toEqual([ids[i]]);
      const body = JSON.stringify(mine);
      for (const [j] of families.entries()) if (j !== i) expect(body).not.toContain(`Family Number ${j}`);
      // Every other family's application is "not found" to this one, and stays as it was.
      for (const [j, id] of ids.entries()) {
        if (j === i) continue;
        const res = await call('applications.withdraw', 'mutation', { id }, f.cookie);
        expect([i, j, res.statusCode]).toEqual([i, j, 404]);
        expect(res.body).not.toContain(`Family Number ${j}`);
      }
    }
    for (const [i, f] of families.entries()) {
      const [own] = (await call('applications.mine', 'query', undefined, f.cookie)).json().result.data as Array<{
        id: number;
        status: string;
      }>;
      expect([i, own!.status]).toEqual([i, 'submitted']);
    }
    // Its own: withdrawn by the family itself.
    expect((await call('applications.withdraw', 'mutation', { id: ids[0] }, families[0]!.cookie)).statusCode).toBe(200);
    expect((await call('applications.mine', 'query', undefined, families[0]!.cookie)).json().result.data[0].status).toBe('withdrawn');
  });

  it('exports applications as CSV for the breeder only, every answer a column, formulas neutralised, filters applied', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const breeder = await signIn(t.orm, { isAdmin: true });
    const res1 = await call(
      'applications.submit',
      'mutation',
      { ...ANSWERS, name: '=HYPERLINK("http://evil")', notes: 'Hi\n@SUM(A1)', idempotencyKey: 'csv-000001' },
      family.cookie,
    );
    expect(res1.statusCode).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/applications.csv?status=submitted',
      headers: { cookie: breeder.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="applications.csv"');
    expect(csv.headers['cache-control']).toBe('no-store');
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(APPLICATION_CSV_COLUMNS);
    const row = rows.find((r) => r[3]?.includes('HYPERLINK'));
    expect(row![3]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row![APPLICATION_CSV_COLUMNS.indexOf('anything else')]).toBe("Hi\n'@SUM(A1)");
    expect(row![APPLICATION_CSV_COLUMNS.indexOf('household')]).toBe(ANSWERS.household);
    expect(row![APPLICATION_CSV_COLUMNS.indexOf('fence')]).toBe('full');
    // The waitlisted application from the first test is filtered out.
    expect(rows.slice(1).every((r) => r[2] === 'submitted')).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/applications.csv?status=bogus', headers: { cookie: breeder.cookie } }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/applications.csv', headers: { cookie: family.cookie } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/applications.csv' })).statusCode).toBe(401);
  });
});
