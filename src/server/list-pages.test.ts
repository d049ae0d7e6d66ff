// Every dashboard list answers one page at most, whatever the table holds (issue 35): seeded with more rows
// than a count goes (inquiries past ten pages), each list's first page, the page after and a search.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { seedScale } from './seed/scale-seed.ts';
import { COUNT_PAGES_AHEAD, PAGE_SIZE } from '../lib/shared/paging.ts';
import type { SessionUser } from '../lib/server/trpc.ts';
import { likePattern, readingMatches, searchReadsMatches } from '../lib/server/sql.ts';
import { Inquiry } from '../features/inquiries/server/inquiry.entity.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };
const SCALE = 0.6; // 600 inquiries, 300 subscribers, 120 families, 60 applications and dogs, 12 posts

describe('dashboard lists never answer more than a page', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  beforeAll(async () => {
    await seedScale(t.orm.em.fork(), { scale: SCALE, tables: ['inquiries', 'subscribers', 'families', 'applications', 'dogs', 'posts'] });
  });

  const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

  it('inquiries: a page of 50, the count stops ten pages ahead (550+), the next page follows on', async () => {
    const first = await as().admin.inquiries.list({ page: 1 });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ total: (1 + COUNT_PAGES_AHEAD) * PAGE_SIZE, totalCapped: true });
    const second = await as().admin.inquiries.list({ page: 2 });
    expect(second.items).toHaveLength(PAGE_SIZE);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    expect(Math.min(...ids(first))).toBeGreaterThan(Math.max(...ids(second)));
    // Further on, the count reaches the end: exact again.
    expect(await as().admin.inquiries.list({ page: 12 })).toMatchObject({ total: 600, totalCapped: false });
    const found = await as().admin.inquiries.list({ page: 1, search: 'garcia' });
    expect(found.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((i) => `${i.name} ${i.email} ${i.message}`.toLowerCase().includes('garcia'))).toBe(true);
  });

  it('subscribers: a page of 50 and an exact total below the cap', async () => {
    const first = await as().admin.subscribers.list({ page: 1 });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ total: 300, totalCapped: false });
    expect((await as().admin.subscribers.list({ page: 7 })).items).toHaveLength(0);
  });

  it('users and families, applications, dogs and posts: at most a page each', async () => {
    const pages = [
      await as().admin.users.list({ page: 1 }),
      await as().admin.users.list({ page: 2, search: 'family' }),
      await as().admin.applications.list({ page: 1 }),
      await as().admin.applications.list({ page: 1, search: 'example' }),
      await as().admin.parents.list({ page: 1 }),
      await as().admin.parents.list({ page: 1, search: 'a' }),
      await as().admin.articles.list({ kind: 'blog', page: 1 }),
      await as().admin.newsletters.list({ page: 1 }),
    ];
    for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(pages[0]!.items).toHaveLength(PAGE_SIZE);
    expect(pages[0]!.total).toBeGreaterThanOrEqual(120);
    expect(pages[2]!.total).toBe(60);
    expect(pages[4]!.items).toHaveLength(PAGE_SIZE);
    expect(pages[4]!.total).toBe(60);
  });

  it('a search is counted as far as its page: "50+" while there is a next page, exact on the last (decision 133)', async () => {
    const first = await as().admin.inquiries.list({ page: 1, search: 'example.com' });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ total: PAGE_SIZE, totalCapped: true });
    expect(first.nextCursor).toEqual(expect.any(String));
    // Walked to the end by cursor, each page says how far the search has come; the last one says how many there are.
    let page = first;
    let seen = first.items.length;
    for (let n = 2; page.nextCursor; n++) {
      page = await as().admin.inquiries.list({ page: n, search: 'example.com', after: page.nextCursor });
      seen += page.items.length;
      expect(page).toMatchObject({ total: seen, totalCapped: page.nextCursor !== null });
    }
    expect(seen).toBe(600);
    expect(page.totalCapped).toBe(false);
    // A page number past the last match: nothing, and a total that says so.
    expect(await as().admin.inquiries.list({ page: 13, search: 'example.com' })).toMatchObject({
      items: [],
      total: 600,
      totalCapped: false,
    });
  });

  it('a search with few matches is read from them, one with many by walking the order; either way the page is the same (decision 133)', async () => {
    const em = t.orm.em.fork();
    // The planner's estimates, as autovacuum keeps them.
    await em.execute('analyze "inquiries"');
    const where = (s: string) => ({
      $or: [{ name: { $ilike: likePattern(s) } }, { email: { $ilike: likePattern(s) } }, { message: { $ilike: likePattern(s) } }],
    });
    expect(await searchReadsMatches(em, Inquiry, where('garcia'), PAGE_SIZE)).toBe(true);
    expect(await searchReadsMatches(em, Inquiry, where('example.com'), PAGE_SIZE)).toBe(false);
    const expected = async (s: string) =>
      (
        await em.execute<{ id: number }[]>(
          `select id from inquiries where name ilike ? or email ilike ? or message ilike ? order by created_at desc, id desc limit ${PAGE_SIZE}`,
          [likePattern(s), likePattern(s), likePattern(s)],
        )
      ).map((r) => r.id);
    for (const s of ['garcia', 'example.com']) {
      const found = await as().admin.inquiries.list({ page: 1, search: s });
      expect(found.items.length).toBeGreaterThan(0);
      expect(ids(found)).toEqual(await expected(s));
    }
    // Read from its matches inside a caller's transaction, a search leaves the planner's settings as they were.
    await em.transactional(async (tx) => {
      await readingMatches(tx, (inner) => inner.find(Inquiry, where('garcia'), { limit: 1 }));
      expect(await tx.execute('show enable_indexscan')).toEqual([{ enable_indexscan: 'on' }]);
      expect(await tx.execute('show enable_seqscan')).toEqual([{ enable_seqscan: 'on' }]);
    });
  });

  it('a search for an address finds its row, and only where the whole address matches (decision 133)', async () => {
    const [row] = await t.orm.em
      .fork()
      .execute<{ id: number; email: string }[]>('select id, email from inquiries order by id desc limit 1');
    const [local, domain] = row!.email.split('@') as [string, string];
    for (const search of [row!.email, `${local.slice(-6)}@${domain.slice(0, 5)}`, row!.email.toUpperCase()]) {
      expect(ids(await as().admin.inquiries.list({ page: 1, search }))).toEqual([row!.id]);
    }
    // The part before the "@" alone would find it; the whole search must match.
    expect((await as().admin.inquiries.list({ page: 1, search: `${local}@elsewhere.org` })).items).toEqual([]);
    // An address a family is changing to is found in Users as well.
    const [user] = await t.orm.em
      .fork()
      .execute<{ id: number; email: string }[]>('select id, email from users where email is not null order by id desc limit 1');
    await t.orm.em.fork().execute('update users set pending_email = ? where id = ?', ['new.address.7@example.net', user!.id]);
    expect(ids(await as().admin.users.list({ page: 1, search: 'new.address.7@example.net' }))).toEqual([user!.id]);
    expect(ids(await as().admin.users.list({ page: 1, search: user!.email }))).toEqual([user!.id]);
  });
});
