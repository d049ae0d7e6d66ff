// Visitors read articles: REST shapes and 404s, publish states against the clock, renamed addresses
// answering 301, and the demo content moved from the bundle into the seed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { seedDemoContent } from '../../../server/seed/seed.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import type { ArticleInput } from '../articles.schema.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('articles on the public site', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  afterEach(() => vi.useRealTimers());

  const post = (title: string, extra: Partial<ArticleInput> = {}) =>
    as().admin.articles.create({ kind: 'blog', title, summary: `About ${title}`, body: `Text of ${title}.`, ...extra });

  it('seeds the four posts (and a draft and a scheduled one), four guides and both legal pages', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const res = await get('/api/blog');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { items: Array<Record<string, unknown>>; total: number; tags: string[] };
    expect(list.items.map((p) => p.title)).toEqual([
      'Getting Ready for Your Puppy: A Checklist',
      'The First Week Home',
      'Goldendoodle Coat Care: Brushing, Bathing and Grooming',
      'What Is Puppy Culture?',
    ]);
    expect(Object.keys(list.items[0]!).sort()).toEqual(['coverImageUrl', 'publishedAt', 'slug', 'summary', 'tags', 'title']);
    expect(list.items[0]).toMatchObject({
      slug: 'getting-ready-for-your-puppy-a-checklist',
      publishedAt: '2026-10-14T12:00:00.000Z',
      coverImageUrl: expect.stringMatching(/^\/uploads\//),
    });
    const drafts = await as().admin.articles.list({ kind: 'blog', status: 'draft' });
    const scheduled = await as().admin.articles.list({ kind: 'blog', status: 'scheduled' });
    expect([drafts.total, scheduled.total]).toEqual([1, 1]);

    const guides = (await get('/api/resources')).json() as Array<{ id: string; category: string }>;
    expect(guides.map((g) => g.id).sort()).toEqual(['feeding-guide', 'supply-list', 'training-basics', 'vaccinations-and-vet-care']);
    const guide = (await get('/api/resources/vaccinations-and-vet-care')).json() as { html: string; title: string };
    expect(guide.title).toBe('Vaccinations and Vet Care');
    expect(guide.html).toContain('no vaccinations are given before pickup');

    const privacy = await t.caller().articles.legal({ page: 'privacy' });
    expect(privacy).toMatchObject({ title: 'Privacy Policy', updatedAt: '2026-11-01T12:00:00.000Z', current: true });
    expect(privacy.html).toContain('<a href="mailto:info@aspenmeadowdoodles.com" rel="noopener">info@aspenmeadowdoodles.com</a>');
    expect((await t.caller().articles.legal({ page: 'terms' })).title).toBe('Terms of Service');
  });

  it('GET /api/blog/{slug} is the list item plus html, reading time and neighbours; the same as the tRPC procedure', async () => {
    const res = await get('/api/blog/the-first-week-home');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      slug: 'the-first-week-home',
      title: 'The First Week Home',
      previous: {
        slug: 'goldendoodle-coat-care-brushing-bathing-and-grooming',
        title: 'Goldendoodle Coat Care: Brushing, Bathing and Grooming',
      },
      next: { slug: 'getting-ready-for-your-puppy-a-checklist', title: 'Getting Ready for Your Puppy: A Checklist' },
    });
    expect(body.html).toMatch(/^<p>/);
    expect(body.html).toContain('<h2>');
    expect(body.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(await t.caller().articles.blogPost({ slug: 'the-first-week-home' })).toEqual(body);
  });

  it('unknown slugs and ids answer 404 with the JSON error body; drafts and scheduled posts are 404 too', async () => {
    for (const url of [
      '/api/blog/no-such-post',
      '/api/resources/no-such-guide',
      '/api/blog/meet-the-spring-litter',
      '/api/blog/winter-walks-with-a-young-puppy',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.stringMatching(/not found\.$/) });
    }
    // A guide's address is not a blog post's.
    expect((await get('/api/blog/feeding-guide')).statusCode).toBe(404);
  });

  it('paginates ten to a page and filters by tag', async () => {
    for (let i = 0; i < 9; i++) await as().admin.articles.publish({ id: (await post(`Paging post ${i}`, { tags: ['Paging'] })).id });
    const first = (await get('/api/blog')).json() as { items: unknown[]; total: number; pageSize: number };
    expect(first).toMatchObject({ total: 13, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(((await get('/api/blog?page=2')).json() as { items: unknown[] }).items).toHaveLength(3);
    const tagged = (await get('/api/blog?tag=paging')).json() as { items: Array<{ tags: string[] }>; total: number; tags: string[] };
    expect(tagged.total).toBe(9);
    expect(tagged.items.every((p) => p.tags.includes('paging'))).toBe(true);
    expect(tagged.tags).toEqual(expect.arrayContaining(['grooming', 'paging']));
    expect((await get('/api/blog?page=0')).statusCode).toBe(400);
  });

  it('a draft is invisible, a scheduled post appears when its time comes (no restart), unpublishing hides it again', async () => {
    const draft = await post('Scheduled Surprise');
    expect((await get('/api/blog/scheduled-surprise')).statusCode).toBe(404);

    const at = new Date(Date.now() + 60_000);
    const scheduled = await as().admin.articles.publish({ id: draft.id, at: at.toISOString() });
    expect(scheduled).toMatchObject({ status: 'scheduled', publishedAt: at.toISOString() });
    expect((await get('/api/blog/scheduled-surprise')).statusCode).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at.getTime() + 1000);
    expect((await get('/api/blog/scheduled-surprise')).statusCode).toBe(200);
    expect(((await get('/api/blog')).json() as { items: Array<{ slug: string }> }).items[0]!.slug).toBe('scheduled-surprise');
    expect((await as().admin.articles.byId({ id: draft.id })).status).toBe('published');
    vi.useRealTimers();

    await as().admin.articles.unpublish({ id: draft.id });
    expect((await get('/api/blog/scheduled-surprise')).statusCode).toBe(404);
    const now = await as().admin.articles.publish({ id: draft.id });
    expect(now.status).toBe('published');
    expect(Date.now() - Date.parse(now.publishedAt!)).toBeLessThan(60_000);
  });

  it('a renamed post answers 301 at its old address, through every rename, and the old address can be taken again', async () => {
    const created = await post('Old Name');
    await as().admin.articles.publish({ id: created.id });
    const input = { kind: 'blog' as const, title: 'New Name', summary: '', body: 'Text.' };
    await as().admin.articles.update({ id: created.id, data: { ...input, slug: 'middle-name' } });
    await as().admin.articles.update({ id: created.id, data: input });

    for (const old of ['old-name', 'middle-name']) {
      const res = await get(`/api/blog/${old}`);
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location).toBe('/api/blog/new-name');
    }
    expect((await get('/api/blog/new-name')).statusCode).toBe(200);
    expect(await t.caller().articles.blogPost({ slug: 'old-name' })).toEqual({ movedTo: 'new-name' });

    // Renaming back makes the address live again (no redirect loop).
    await as().admin.articles.update({ id: created.id, data: { ...input, slug: 'old-name' } });
    expect((await get('/api/blog/old-name')).statusCode).toBe(200);
    expect((await get('/api/blog/new-name')).headers.location).toBe('/api/blog/old-name');

    // Another post may take an address given up: it is then that post's.
    const taker = await post('Middle Name');
    await as().admin.articles.publish({ id: taker.id });
    expect((await get('/api/blog/middle-name')).statusCode).toBe(200);
  });

  it('resources are grouped by category in the breeder’s order; a renamed guide answers 301', async () => {
    const guide = await as().admin.articles.create({
      kind: 'resource',
      title: 'Nail Trims',
      category: 'grooming',
      sortOrder: 0,
      body: 'Trim weekly.',
    });
    await as().admin.articles.publish({ id: guide.id });
    const list = (await get('/api/resources')).json() as Array<{ id: string; category: string; order: number }>;
    expect(list.find((g) => g.id === 'nail-trims')).toMatchObject({ category: 'grooming', order: 0 });
    const categories = list.map((g) => g.category);
    expect(categories).toEqual([...categories].sort());
    await as().admin.articles.update({
      id: guide.id,
      data: { kind: 'resource', title: 'Nail Care', category: 'grooming', body: 'Trim weekly.' },
    });
    const res = await get('/api/resources/nail-trims');
    expect([res.statusCode, res.headers.location]).toEqual([301, '/api/resources/nail-care']);
  });
});
