// The public blog's and owner resources' search (issue 35): the words found in a title, a summary or the text,
// published articles only, a page at a time, through the trigram indexes; too long a search is a clear 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { ARTICLE_SEARCH_TOO_LONG, BLOG_PAGE_SIZE, type ArticleInput } from '../articles.schema.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('searching the public blog and resources', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  const visitor = () => t.caller();
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  const publish = async (input: ArticleInput) => {
    const created = await as().admin.articles.create(input);
    await as().admin.articles.publish({ id: created.id });
    return created;
  };

  beforeAll(async () => {
    // 12 posts about crates (in the title, the summary or only deep in the text), 3 about coats, one draft about crates.
    for (let i = 0; i < 12; i++) {
      const where = i % 3;
      await publish({
        kind: 'blog',
        title: where === 0 ? `Crate training, part ${i}` : `Week ${i} at home`,
        summary: where === 1 ? `Making the CRATE a happy place (${i})` : `Notes from week ${i}`,
        body: where === 2 ? `${'Settling in. '.repeat(200)}Then the crate became her den (${i}).` : 'Settling in.',
      });
    }
    for (let i = 0; i < 3; i++)
      await publish({ kind: 'blog', title: `Coat care ${i}`, summary: 'Brushing', body: 'Brush twice a week. 100% worth it.' });
    await as().admin.articles.create({ kind: 'blog', title: 'Crate draft', summary: 'Not yet', body: 'crate' });
    await publish({
      kind: 'resource',
      title: 'Feeding guide',
      summary: 'Kibble and treats',
      body: 'How much kibble a puppy eats.',
      category: 'go-home',
    });
    await publish({
      kind: 'resource',
      title: 'Training basics',
      summary: 'Sit, stay',
      body: 'Start crate training on day one.',
      category: 'go-home',
    });
  });

  it('finds posts by title, summary or text (any case), published only, newest first, a page at a time', async () => {
    const first = await visitor().articles.blogList({ q: 'crate' });
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.q).toBe('crate');
    const second = await visitor().articles.blogList({ q: 'crate', page: 2 });
    expect(second.items).toHaveLength(2);
    const titles = [...first.items, ...second.items].map((p) => p.title);
    expect(new Set(titles).size).toBe(12);
    expect(titles).not.toContain('Crate draft');
    expect(titles.filter((x) => x.startsWith('Week'))).toHaveLength(8); // found by summary or by text only
    const dates = [...first.items, ...second.items].map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    // Without a search, every published post; a search that finds nothing is an empty page, not an error.
    expect((await visitor().articles.blogList({})).total).toBe(15);
    expect(await visitor().articles.blogList({ q: 'poodle skirt' })).toMatchObject({ items: [], total: 0 });
    // LIKE wildcards are searched for as themselves.
    expect((await visitor().articles.blogList({ q: '100%' })).total).toBe(3);
    expect((await visitor().articles.blogList({ q: '_%' })).total).toBe(0);
  });

  it('REST: GET /api/blog?q= and /api/resources?q= search the same way; too long a search is a 400 that says so', async () => {
    const blog = await get('/api/blog?q=CRATE&page=2');
    expect(blog.statusCode).toBe(200);
    expect(blog.json()).toMatchObject({ total: 12, page: 2, q: 'CRATE' });
    const guides = await get('/api/resources?q=kibble');
    expect(guides.statusCode).toBe(200);
    expect((guides.json() as Array<{ title: string }>).map((g) => g.title)).toEqual(['Feeding guide']);
    expect(((await get('/api/resources?q=crate')).json() as Array<{ title: string }>).map((g) => g.title)).toEqual(['Training basics']);
    expect(((await get('/api/resources')).json() as unknown[]).length).toBe(2);
    for (const url of [`/api/blog?q=${'a'.repeat(101)}`, `/api/resources?q=${'a'.repeat(101)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(ARTICLE_SEARCH_TOO_LONG);
    }
    const doc = (await get('/api/openapi.json')).json() as { paths: Record<string, { get: { parameters?: Array<{ name: string }> } }> };
    expect(doc.paths['/api/blog']!.get.parameters?.map((p) => p.name)).toContain('q');
    expect(doc.paths['/api/resources']!.get.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'page']));
  });

  it('resources: found a page at a time through the procedure', async () => {
    expect(await visitor().articles.resourceSearch({ q: 'TRAINING' })).toMatchObject({
      total: 1,
      page: 1,
      q: 'TRAINING',
      items: [{ id: 'training-basics' }],
    });
    expect(await visitor().articles.resourceSearch({ q: 'nothing like this' })).toMatchObject({ total: 0, items: [] });
  });

  it("the search's query reads the trigram indexes of title, summary and text", async () => {
    const plan = await t.orm.em.fork().transactional(async (trx) => {
      await trx.execute('set local enable_seqscan = off');
      const rows = await trx.execute<{ 'QUERY PLAN': string }[]>(
        `explain select "id" from "articles" where "title" ilike '%crate%' or "summary" ilike '%crate%' or "body" ilike '%crate%'`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on articles_title_trgm_index/);
    expect(plan).toMatch(/Bitmap Index Scan on articles_body_trgm_index/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
