// What search engines and feed readers ask for: /robots.txt, /sitemap.xml (from the database: every
// public page, published post and guide, and each of our dogs' family trees) and /blog/feed.xml (RSS 2.0).
import fp from 'fastify-plugin';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { articleAddressBatch, countArticleAddresses, latestBlogPosts } from '../../features/articles/server/articles.service.ts';
import { countParentAddresses, parentAddressBatch } from '../../features/dogs/server/parents.service.ts';
import { getSettings } from '../../features/settings/server/settings.service.ts';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The pages every visitor can open; admin, auth and unsubscribe are left out (and disallowed). */
const STATIC_PAGES = ['/', '/blog', '/resources', '/family-tree', '/questionnaire'];
const LEGAL_PATHS: Record<string, string> = { privacy: '/privacy-policy', terms: '/terms-of-service' };

export const FEED_PATH = '/blog/feed.xml';
/** The feed holds the newest posts only, however many there are (issue 35). */
export const FEED_ITEMS = 20;
/** The sitemaps protocol's most addresses in one file. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Rows read per query while a sitemap streams. */
const SITEMAP_BATCH = 1000;
const LEGAL_PAGES = Object.keys(LEGAL_PATHS);

interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/** How many addresses the sitemap has: the static pages, the public articles, our dogs' family trees. */
async function countUrls(em: EntityManager): Promise<number> {
  const [articles, dogs] = await Promise.all([countArticleAddresses(em, LEGAL_PAGES), countParentAddresses(em)]);
  return STATIC_PAGES.length + articles + dogs;
}

/**
 * Reads `count` rows of one source from its `skip`-th on, a batch at a time (keyset on the id after the first), so
 * memory is that of a batch.
 */
async function* batches<T extends { id: number }>(
  read: (b: { afterId?: number; offset?: number; limit: number }) => Promise<T[]>,
  skip: number,
  count: number,
) {
  let afterId: number | undefined;
  let left = count;
  while (left > 0) {
    const rows = await read(
      afterId === undefined ? { offset: skip, limit: Math.min(SITEMAP_BATCH, left) } : { afterId, limit: Math.min(SITEMAP_BATCH, left) },
    );
    if (!rows.length) return;
    yield* rows;
    left -= rows.length;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** The addresses from the `start`-th on, `count` of them, in a fixed order: static pages, articles by id, dogs by id. */
async function* urls(em: EntityManager, start: number, count: number): AsyncGenerator<SitemapUrl> {
  let skip = start;
  let left = count;
  for (const loc of STATIC_PAGES) {
    if (left === 0) return;
    if (skip > 0) skip -= 1;
    else {
      yield { loc };
      left -= 1;
    }
  }
  const articles = await countArticleAddresses(em, LEGAL_PAGES);
  if (skip >= articles) skip -= articles;
  else {
    for await (const a of batches((b) => articleAddressBatch(em, LEGAL_PAGES, b), skip, Math.min(left, articles - skip))) {
      left -= 1;
      if (a.kind === 'blog') yield { loc: `/blog/${a.slug}`, lastmod: a.updatedAt };
      else if (a.kind === 'resource') yield { loc: `/resources/${a.slug}`, lastmod: a.updatedAt };
      else yield { loc: LEGAL_PATHS[a.legalPage!]!, lastmod: a.updatedAt };
    }
    skip = 0;
  }
  if (left <= 0) return;
  for await (const d of batches((b) => parentAddressBatch(em, b), skip, left)) yield { loc: `/family-tree/${d.id}`, lastmod: d.updatedAt };
}

export default fp<{ appOrigin: string; sitemapUrlLimit?: number }>(
  async (app, { appOrigin, sitemapUrlLimit = SITEMAP_URL_LIMIT }) => {
    /** A <urlset> of `count` addresses from the `start`-th, streamed as they are read. */
    const urlset = (em: EntityManager, start: number, count: number) =>
      Readable.from(
        (async function* () {
          yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
          let chunk = '';
          for await (const u of urls(em, start, count)) {
            chunk += `  <url><loc>${xml(appOrigin + u.loc)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>\n`;
            if (chunk.length > 16_384) {
              yield chunk;
              chunk = '';
            }
          }
          yield `${chunk}</urlset>\n`;
        })(),
        { objectMode: false },
      );

    app.get('/robots.txt', { logLevel: 'warn' }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(
          [
            'User-agent: *',
            'Disallow: /admin',
            'Disallow: /auth',
            'Disallow: /unsubscribe',
            'Disallow: /newsletter/',
            'Disallow: /api/',
            'Disallow: /trpc/',
            '',
            `Sitemap: ${appOrigin}/sitemap.xml`,
            '',
          ].join('\n'),
        ),
    );

    // The sitemap streams its addresses from the database in batches (issue 35); past `sitemapUrlLimit` of them
    // (50,000, the sitemaps protocol's most per file) /sitemap.xml is a sitemap index of parts /sitemap/N.xml.
    const sitemapHeaders = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' };
    app.get('/sitemap.xml', async (request, reply) => {
      const total = await countUrls(request.em);
      if (total <= sitemapUrlLimit) return reply.headers(sitemapHeaders).send(urlset(request.em, 0, total));
      const parts = Math.ceil(total / sitemapUrlLimit);
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${xml(`${appOrigin}/sitemap/${i + 1}.xml`)}</loc></sitemap>`),
        '</sitemapindex>',
        '',
      ].join('\n');
      return reply.headers(sitemapHeaders).send(body);
    });

    app.get<{ Params: { part: string } }>('/sitemap/:part', async (request, reply) => {
      const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.part)?.[1];
      const total = await countUrls(request.em);
      const start = (Number(part) - 1) * sitemapUrlLimit;
      // Parts exist only while the sitemap is an index; a part past the end is not found.
      if (!part || total <= sitemapUrlLimit || start >= total) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.headers(sitemapHeaders).send(urlset(request.em, start, Math.min(sitemapUrlLimit, total - start)));
    });

    app.get(FEED_PATH, async (request, reply) => {
      const [items, settings] = await Promise.all([latestBlogPosts(request.em, FEED_ITEMS), getSettings(request.em)]);
      const site = settings.breederName;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '<channel>',
        `  <title>${xml(`${site}: Blog`)}</title>`,
        `  <link>${xml(`${appOrigin}/blog`)}</link>`,
        `  <atom:link href="${xml(appOrigin + FEED_PATH)}" rel="self" type="application/rss+xml" />`,
        `  <description>${xml(`Stories, puppy updates and advice from ${site}.`)}</description>`,
        '  <language>en-us</language>',
        ...(items[0] ? [`  <lastBuildDate>${new Date(items[0].publishedAt).toUTCString()}</lastBuildDate>`] : []),
        ...items.map((p) =>
          [
            '  <item>',
            `    <title>${xml(p.title)}</title>`,
            `    <link>${xml(`${appOrigin}/blog/${p.slug}`)}</link>`,
            `    <guid isPermaLink="true">${xml(`${appOrigin}/blog/${p.slug}`)}</guid>`,
            `    <pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>`,
            ...(p.summary ? [`    <description>${xml(p.summary)}</description>`] : []),
            ...p.tags.map((t) => `    <category>${xml(t)}</category>`),
            '  </item>',
          ].join('\n'),
        ),
        '</channel>',
        '</rss>',
        '',
      ].join('\n');
      return reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(body);
    });
  },
  { name: 'discovery', dependencies: ['database'] },
);
