// What search engines and feed readers ask for: /robots.txt, /sitemap.xml (from the database: every
// public page, published post and guide, and each of our dogs' family trees) and /blog/feed.xml (RSS 2.0).
import fp from 'fastify-plugin';
import { listArticleAddresses, listBlogPosts } from '../../features/articles/server/articles.service.ts';
import { listParentAddresses } from '../../features/dogs/server/parents.service.ts';
import { getSettings } from '../../features/settings/server/settings.service.ts';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The pages every visitor can open; admin, auth and unsubscribe are left out (and disallowed). */
const STATIC_PAGES = ['/', '/blog', '/resources', '/family-tree', '/questionnaire'];
const LEGAL_PATHS: Record<string, string> = { privacy: '/privacy-policy', terms: '/terms-of-service' };

export const FEED_PATH = '/blog/feed.xml';

export default fp<{ appOrigin: string }>(
  async (app, { appOrigin }) => {
    app.get('/robots.txt', { logLevel: 'warn' }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(['User-agent: *', 'Disallow: /admin', 'Disallow: /auth', 'Disallow: /unsubscribe', 'Disallow: /newsletter/', 'Disallow: /api/', 'Disallow: /trpc/', '', `Sitemap: ${appOrigin}/sitemap.xml`, ''].join('\n')),
    );

    app.get('/sitemap.xml', async (request, reply) => {
      const [articles, dogs] = await Promise.all([listArticleAddresses(request.em), listParentAddresses(request.em)]);
      const urls: Array<{ loc: string; lastmod?: Date }> = STATIC_PAGES.map((p) => ({ loc: p }));
      for (const a of articles) {
        if (a.kind === 'blog') urls.push({ loc: `/blog/${a.slug}`, lastmod: a.updatedAt });
        else if (a.kind === 'resource') urls.push({ loc: `/resources/${a.slug}`, lastmod: a.updatedAt });
        else if (a.legalPage && LEGAL_PATHS[a.legalPage]) urls.push({ loc: LEGAL_PATHS[a.legalPage]!, lastmod: a.updatedAt });
      }
      for (const d of dogs) urls.push({ loc: `/family-tree/${d.id}`, lastmod: d.updatedAt });
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map((u) => `  <url><loc>${xml(appOrigin + u.loc)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>`),
        '</urlset>',
        '',
      ].join('\n');
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(body);
    });

    app.get(FEED_PATH, async (request, reply) => {
      const [{ items }, settings] = await Promise.all([listBlogPosts(request.em, { page: 1, tag: undefined }), getSettings(request.em)]);
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
