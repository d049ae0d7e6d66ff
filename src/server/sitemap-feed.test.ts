// The sitemap and the feed at any size (issue 35): past the limit of addresses per file (50,000 by the sitemaps
// protocol; 7 here) /sitemap.xml is a sitemap index whose parts together list every address once, each part
// within the limit, streamed from the database; the RSS feed holds the newest FEED_ITEMS posts only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';
import { testEnv, TEST_ORIGIN } from './testing/test-app.ts';
import { seedScale } from './seed/scale-seed.ts';
import { FEED_ITEMS } from './plugins/discovery.ts';

const LIMIT = 7;

describe('sitemap index and the feed', () => {
  let db: TestDatabase;
  let small: FastifyInstance;
  let large: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedScale(db.orm.em.fork(), { scale: 1.5, tables: ['posts'] }); // 30 published posts
    const conn = db.orm.em.getConnection();
    // Three of our dogs with a public family tree, one draft post and one due later (neither listed).
    await conn.execute(
      `insert into parent_dogs (name, gender, breed, color, ours, featured, created_at, updated_at) values ('Maple', 'female', 'Goldendoodle', 'cream', true, true, now(), now()), ('Cooper', 'male', 'Goldendoodle', 'red', true, true, now(), now()), ('Willow', 'female', 'Goldendoodle', 'red', true, true, now(), now()), ('Stranger', 'male', 'Poodle', 'black', false, false, now(), now())`,
    );
    await conn.execute(`insert into articles (kind, title, slug, summary, body, author_name, status, published_at, created_at, updated_at) values
      ('blog', 'Draft', 'a-draft', '', '', '', 'draft', null, now(), now()),
      ('blog', 'Later', 'due-later', '', '', '', 'published', now() + interval '1 day', now(), now())`);
    small = await buildApp({ orm: db.orm, env: testEnv(), closeOrm: false, logger: false, sitemapUrlLimit: LIMIT });
    large = await buildApp({ orm: db.orm, env: testEnv(), closeOrm: false, logger: false });
    await Promise.all([small.ready(), large.ready()]);
  });
  afterAll(async () => {
    await small?.close();
    await large?.close();
    await db?.close();
  });

  const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(TEST_ORIGIN, ''));
  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

  it('under the limit: one <urlset> with every public address once', async () => {
    const res = await get(large, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const all = locs(res.body);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((l) => l.startsWith('/blog/scale-post-'))).toHaveLength(30);
    expect(all.filter((l) => /^\/family-tree\/\d+$/.test(l))).toHaveLength(3);
    expect(all).toEqual(expect.arrayContaining(['/', '/blog', '/resources', '/family-tree', '/questionnaire']));
    expect(all).not.toContain('/blog/a-draft');
    expect(all).not.toContain('/blog/due-later');
    // A part only exists while the sitemap is an index.
    expect((await get(large, '/sitemap/1.xml')).statusCode).toBe(404);
  });

  it('past the limit: a <sitemapindex> whose parts list the same addresses once, at most the limit each', async () => {
    const whole = locs((await get(large, '/sitemap.xml')).body);
    const index = await get(small, '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(index.body).not.toContain('<urlset');
    const parts = locs(index.body);
    expect(parts).toEqual(Array.from({ length: Math.ceil(whole.length / LIMIT) }, (_, i) => `/sitemap/${i + 1}.xml`));
    const listed: string[] = [];
    for (const part of parts) {
      const res = await get(small, part);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<urlset');
      const these = locs(res.body);
      expect(these.length).toBeGreaterThan(0);
      expect(these.length).toBeLessThanOrEqual(LIMIT);
      listed.push(...these);
    }
    expect(listed).toEqual(whole);
    expect((await get(small, `/sitemap/${parts.length + 1}.xml`)).statusCode).toBe(404);
    expect((await get(small, '/sitemap/0.xml')).statusCode).toBe(404);
    expect((await get(small, '/sitemap/x.xml')).statusCode).toBe(404);
  });

  it('the feed holds the newest posts only, newest first', async () => {
    const res = await get(large, '/blog/feed.xml');
    expect(res.statusCode).toBe(200);
    const items = [...res.body.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>[\s\S]*?<pubDate>([^<]+)<\/pubDate>/g)];
    expect(items).toHaveLength(FEED_ITEMS);
    const dates = items.map((m) => new Date(m[2]!).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const [{ newest }] = (await db.orm.em
      .getConnection()
      .execute(
        `select slug as newest from articles where kind = 'blog' and status <> 'draft' and published_at <= now() order by published_at desc, id desc limit 1`,
      )) as [{ newest: string }];
    expect(items[0]![1]).toBe(`${TEST_ORIGIN}/blog/${newest}`);
  });
});
