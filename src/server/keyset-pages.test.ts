// Keyset pages of the dashboard lists (issue 35, decision 127): walking a list by its cursors from the first page to
// the last gives every row once, in the list's order, ties on the sort key broken by id, with a search too, and a
// row added between two pages does not move the next page (as OFFSET would). A forged cursor is a clear 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { seedScale } from './seed/scale-seed.ts';
import { CURSOR_INVALID, PAGE_SIZE } from '../lib/shared/paging.ts';
import type { SessionUser } from '../lib/server/trpc.ts';
import { keysetWhere, NEWEST_FIRST, orderByOf } from '../lib/server/keyset.ts';
import { Inquiry } from '../features/inquiries/server/inquiry.entity.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

interface Listed {
  items: { id: number }[];
  nextCursor?: string | null;
  page: number;
}

/** Every page of a list, following each page's nextCursor from the first page until it is null. */
async function walk(list: (input: { page: number; after?: string }) => Promise<Listed>): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let page = await list({ page: 1 });
  let pages = 1;
  for (;;) {
    expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    ids.push(...page.items.map((i) => i.id));
    if (!page.nextCursor) return { ids, pages };
    expect(page.items).toHaveLength(PAGE_SIZE);
    page = await list({ page: page.page + 1, after: page.nextCursor });
    pages++;
    expect(pages).toBeLessThan(1000);
  }
}

describe('keyset pages of the dashboard lists', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  // 130 inquiries on three instants only (60 + 50 + 20), so that every page boundary falls inside a tie.
  const INSTANTS = ['2026-03-01T10:00:00.000Z', '2026-02-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z'];
  const GROUPS = [60, 50, 20];
  /** Each inserted inquiry: id, when, whether its name holds "walker". */
  let rows: { id: number; at: string; walker: boolean }[] = [];

  beforeAll(async () => {
    const em = t.orm.em.fork();
    let n = 0;
    for (const [g, size] of GROUPS.entries()) {
      for (let i = 0; i < size; i++, n++) {
        const walker = n % 2 === 0;
        const [row] = await em.execute<Array<{ id: number }>>(
          `insert into "inquiries" ("name", "email", "interest", "message", "status", "notes", "created_at", "updated_at")
           values (?, ?, 'information', 'Hello', 'new', '', ?, ?) returning "id"`,
          [walker ? `Sam Walker ${n}` : `Alex Rivera ${n}`, `person${n}@example.com`, INSTANTS[g], INSTANTS[g]],
        );
        rows.push({ id: row!.id, at: INSTANTS[g]!, walker });
      }
    }
    rows = rows.sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
    await seedScale(t.orm.em.fork(), { scale: 0.6, tables: ['subscribers', 'families', 'applications', 'dogs'] });
    // Estimates as autovacuum keeps them: the searches here have few matches, so they are read from them (decision 133).
    await em.execute('analyze "inquiries"');
    // Posts: 55 drafts (no publication time: listed first, so page 1 ends on one) and 15 published on 3 instants; 60 guides over the
    // categories with repeated places and titles.
    for (let i = 0; i < 130; i++) {
      const kind = i < 70 ? 'blog' : 'resource';
      const published = kind === 'blog' ? (i < 55 ? null : INSTANTS[i % 3]) : INSTANTS[0];
      await em.execute(
        `insert into "articles" ("kind", "title", "slug", "summary", "body", "tags", "author_name", "status", "published_at", "category", "sort_order", "created_at", "updated_at")
         values (?, ?, ?, '', '', '{}', '', ?, ?, ?, ?, ?, ?)`,
        [
          kind,
          kind === 'blog' ? `Post ${i}` : `Guide ${i % 7}`,
          `keyset-${i}`,
          published ? 'published' : 'draft',
          published,
          kind === 'resource' ? ['training', 'health', 'go-home'][i % 3] : null,
          i % 4,
          INSTANTS[i % 2],
          INSTANTS[i % 2],
        ],
      );
    }
  });

  it('inquiries: the cursors walk every row once, newest first, ties on the instant broken by id', async () => {
    const { ids, pages } = await walk((input) => as().admin.inquiries.list(input));
    expect(pages).toBe(3);
    expect(ids).toEqual(rows.map((r) => r.id));
  });

  it('inquiries with a search: the cursors walk exactly the matching rows, in order', async () => {
    const { ids } = await walk((input) => as().admin.inquiries.list({ ...input, search: 'walker' }));
    const expected = rows.filter((r) => r.walker).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(ids).toEqual(expected);
  });

  it('a row added between two pages moves neither the next page (cursor) nor duplicates a row; OFFSET would', async () => {
    const first = await as().admin.inquiries.list({ page: 1 });
    expect(first.nextCursor).toBeTruthy();
    const added = await as().inquiries.create({
      name: 'New Arrival',
      email: 'new@example.com',
      interest: 'information',
      message: 'Do you have puppies?',
    });
    expect(added).toBeTruthy();
    const second = await as().admin.inquiries.list({ page: 2, after: first.nextCursor! });
    expect(second.items.map((i) => i.id)).toEqual(rows.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((r) => r.id));
    expect(second.page).toBe(2);
    expect(second.total).toBe(rows.length + 1);
    // The same page by number has shifted by the new row: its first row is the last of the page already seen.
    const byOffset = await as().admin.inquiries.list({ page: 2 });
    expect(byOffset.items[0]!.id).toBe(first.items[PAGE_SIZE - 1]!.id);
    // And a jump to a page number still works.
    expect((await as().admin.inquiries.list({ page: 3 })).items.map((i) => i.id)).toEqual(rows.slice(2 * PAGE_SIZE - 1).map((r) => r.id));
  });

  it('the other lists: walking by cursor gives what walking by page number gives, each row once', async () => {
    const lists: Array<[string, (input: { page: number; after?: string }) => Promise<Listed>]> = [
      ['subscribers', (input) => as().admin.subscribers.list(input)],
      ['users', (input) => as().admin.users.list(input)],
      ['users searched', (input) => as().admin.users.list({ ...input, search: 'a' })],
      ['applications', (input) => as().admin.applications.list(input)],
      ['dogs', (input) => as().admin.parents.list(input)],
      ['newsletters', (input) => as().admin.newsletters.list(input)],
      ['posts (drafts first)', (input) => as().admin.articles.list({ kind: 'blog', ...input })],
      ['guides', (input) => as().admin.articles.list({ kind: 'resource', ...input })],
      ['conversations', (input) => as().admin.messages.list(input)],
      ['gallery', (input) => as().admin.gallery.list(input)],
      ['payment accounts', (input) => as().admin.payments.list(input)],
      ['kept payments', (input) => as().admin.payments.kept(input)],
    ];
    for (const [name, list] of lists) {
      const { ids, pages } = await walk(list);
      const byNumber: number[] = [];
      for (let page = 1; page <= pages; page++) byNumber.push(...(await list({ page })).items.map((i) => i.id));
      expect(ids, name).toEqual(byNumber);
      expect(new Set(ids).size, name).toBe(ids.length);
    }
    // The seeded lists are long enough to have taken more than one page.
    expect((await walk((input) => as().admin.subscribers.list(input))).pages).toBe(6);
    expect((await walk((input) => as().admin.parents.list(input))).pages).toBe(2);
    expect((await walk((input) => as().admin.articles.list({ kind: 'blog', ...input }))).pages).toBe(2);
    expect((await walk((input) => as().admin.articles.list({ kind: 'resource', ...input }))).pages).toBe(2);
  });

  it("the page after a cursor starts at the cursor in the list's order index (not at the top of it)", async () => {
    const em = t.orm.em.fork();
    await em.execute('analyze inquiries');
    const sql = em
      .createQueryBuilder(Inquiry)
      .select('id')
      .where(keysetWhere(NEWEST_FIRST, [new Date(INSTANTS[1]!), rows[80]!.id]) as never)
      .orderBy(orderByOf(NEWEST_FIRST) as never)
      .limit(PAGE_SIZE + 1)
      .getFormattedQuery();
    const plan = await em.transactional(async (trx) => {
      await trx.execute('set local enable_seqscan = off');
      await trx.execute('set local enable_bitmapscan = off');
      const lines = await trx.execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`);
      return lines.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan Backward using inquiries_list_order_index/);
    expect(plan).toMatch(/Index Cond: \(created_at <= /);
    expect(plan).not.toMatch(/Sort/);
  });

  it('a forged, garbled or foreign cursor is a 400 saying the page link is no longer valid', async () => {
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const users = await as().admin.users.list({ page: 1 });
    const cursors = [
      'garbage', // not base64url of JSON
      '!!not-a-cursor!!', // not even base64url
      'x'.repeat(700), // too long
      b64([{ t: '2026-01-01T00:00:00.000Z' }]), // one value for a two-column order
      b64([{ t: 'yesterday' }, 5]), // not an instant
      b64(['2026-01-01', 5]), // a date as a plain string
      b64([{ t: '2026-01-01T00:00:00.000Z' }, 99_999_999_999]), // an id past PostgreSQL's integer
      b64([null, 5]), // null where the column is not nullable
      users.nextCursor ?? b64([true, 'breeder']), // another list's cursor
    ];
    for (const after of cursors) {
      const input = encodeURIComponent(JSON.stringify({ page: 2, after }));
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/admin.inquiries.list?input=${input}`,
        headers: { cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode, after).toBe(400);
      expect(res.body, after).toContain(CURSOR_INVALID);
    }
  });
});
