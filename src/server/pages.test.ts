// Pages tell the truth before any JavaScript runs: 404 for what does not exist, 301 from an old
// address, 302 to /auth for the dashboard without a session, and each page's own title and picture.
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { seedDemoContent } from './seed/seed.ts';
import { canonicalPageUrl } from './plugins/static-spa.ts';

describe('pages served by the server', () => {
  const t = useTestApp({}, { pages: true });
  const admin = { id: 1, username: 'breeder', isAdmin: true };
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('an unknown post, guide, dog or path is a 404 page; known ones are 200 with their own head', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    for (const url of [
      '/blog/no-such-post',
      `/blog/${'x'.repeat(300)}`,
      '/resources/999',
      '/family-tree/no-dog',
      '/family-tree/99999',
      '/no/such/page',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(title(res.body), url).toMatch(/^Page not found/);
    }
    const { items } = await t.caller().articles.blogList({ page: 1 });
    const post = items[0]!;
    const page = await get(`/blog/${post.slug}`);
    expect(page.statusCode).toBe(200);
    expect(title(page.body)).toBe(`${post.title} | Blog | Aspen Meadow Doodles`);
    expect(meta(page.body, 'og:type')).toBe('article');
    expect(meta(page.body, 'og:url')).toBe(`${t.env.APP_ORIGIN}/blog/${post.slug}`);

    const guides = await t.caller().articles.resources();
    expect((await get(`/resources/${guides[0]!.id}`)).statusCode).toBe(200);
    const dogs = await t.caller().parents.featured();
    const tree = await get(`/family-tree/${dogs[0]!.id}`);
    expect(tree.statusCode).toBe(200);
    expect(title(tree.body)).toBe(`${dogs[0]!.name}'s Family Tree | Aspen Meadow Doodles`);
    expect(meta(tree.body, 'og:image')).toBe(`${t.env.APP_ORIGIN}${dogs[0]!.imageUrl}?share=1`);
  });

  it('a renamed post answers 301 from its old address; drafts are 404', async () => {
    const as = t.caller(admin);
    const draft = await as.admin.articles.create({ kind: 'blog', title: 'Coming Soon', summary: 'Not yet.' });
    expect((await get('/blog/coming-soon')).statusCode).toBe(404);
    await as.admin.articles.publish({ id: draft.id });
    expect((await get('/blog/coming-soon')).statusCode).toBe(200);
    await as.admin.articles.update({ id: draft.id, data: { kind: 'blog', title: 'Coming Soon', slug: 'here-now', summary: 'Now.' } });
    const moved = await get('/blog/coming-soon');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/blog/here-now');
  });

  it('a shared puppy link carries that puppy in its head', async () => {
    const puppy = (await t.caller().puppies.featured())[0]!;
    const res = await get(`/?puppy=${puppy.id}`);
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toMatch(new RegExp(`^${puppy.name}: (Male|Female) `));
    expect(meta(res.body, 'og:url')).toBe(`${t.env.APP_ORIGIN}/?puppy=${puppy.id}`);
    expect(meta(res.body, 'og:image')).toBe(`${t.env.APP_ORIGIN}${puppy.imageUrl}?share=1`);
    expect(meta(res.body, 'og:description')).toContain(puppy.color.toLowerCase());
    // An unknown puppy still opens the home page with its usual head.
    const unknown = await get('/?puppy=999999');
    expect(unknown.statusCode).toBe(200);
    expect(title(unknown.body)).toBe('Aspen Meadow Doodles | Mini Goldendoodle Puppies in Colorado');
  });

  it("titles end with the breeder's name from her settings, and follow a change of it", async () => {
    const settings = await t.caller().settings.get();
    expect(title((await get('/blog')).body)).toBe(`Blog | ${settings.breederName}`);
    await t.caller(admin).admin.settings.update({ ...settings, breederName: 'Willow Creek Doodles' });
    try {
      expect(title((await get('/blog')).body)).toBe('Blog | Willow Creek Doodles');
      expect(title((await get('/no/such/page')).body)).toBe('Page not found | Willow Creek Doodles');
      expect(title((await get('/')).body)).toBe('Willow Creek Doodles | Mini Goldendoodle Puppies in Colorado');
    } finally {
      await t.caller(admin).admin.settings.update(settings);
    }
  });

  it('the link in the confirmation e-mail opens a page (200), not the not-found page', async () => {
    const res = await get('/newsletter/confirm?token=c1.abc');
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toMatch(/^Confirm your subscription \| /);
  });

  it('the dashboard without a session redirects to /auth and back before any HTML; with one it is served', async () => {
    const res = await get('/admin/puppies?edit=3');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/auth?redirect=${encodeURIComponent('/admin/puppies?edit=3')}`);
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const dashboard = await get('/admin/puppies', cookie);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-store');
    expect(title(dashboard.body)).toBe('Admin Dashboard | Aspen Meadow Doodles');
    // The routes decide what exists, for the pages the browser renders too.
    const unknown = await get('/admin/no-such-section', cookie);
    expect(unknown.statusCode).toBe(404);
    expect(title(unknown.body)).toBe('Page not found | Aspen Meadow Doodles');
    expect(unknown.headers['cache-control']).toBe('no-store');
    // A page answered to a session cookie that turned out stale depended on it too (and clears it).
    const stale = await get('/questionnaire', 'sid=no-such-session');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-store');
  });

  it("the dashboard's chrome is rendered for an admin only: its section links from the first paint, the section itself left to the browser", async () => {
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const dashboard = await get('/admin/puppies', cookie);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-store');
    // The header and every section's link, the current one marked; the section waits for the browser.
    expect(dashboard.body).toContain('aria-label="Dashboard sections"');
    expect(dashboard.body).toMatch(/<a [^>]*href="\/admin\/families"/);
    expect(dashboard.body).toMatch(
      /<a [^>]*aria-current="page"[^>]*href="\/admin\/puppies"|<a [^>]*href="\/admin\/puppies"[^>]*aria-current="page"/,
    );
    expect(dashboard.body).toContain('Loading section');
    expect(dashboard.body).toContain('id="ssr-state"');
    // No section's data travels with it: only who is asking and the site's settings.
    const state = JSON.parse(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(dashboard.body)![1]!) as {
      queries: Array<{ queryKey: unknown }>;
    };
    expect(state.queries.map((q) => JSON.stringify(q.queryKey)).sort()).toEqual(
      [JSON.stringify([['auth', 'me'], { type: 'query' }]), JSON.stringify([['settings', 'get'], { type: 'query' }])].sort(),
    );

    // A signed-in family asking for the dashboard gets its head only (the browser says Access Denied).
    const family = await signIn(t.orm, { isAdmin: false });
    const denied = await get('/admin/puppies', family.cookie);
    expect(denied.statusCode).toBe(200);
    expect(denied.body).toContain('<div id="root"></div>');
    expect(denied.body).not.toContain('Dashboard sections');
    expect(denied.body).not.toContain('ssr-state');
    // A visitor is sent to sign in before any HTML (as before).
    expect((await get('/admin')).statusCode).toBe(302);
  });

  it('a page is rendered for who asks: a visitor gets the sign-in note, a family its account menu, kept from shared caches', async () => {
    const note = 'You will need an account to send it';
    const visitor = await get('/questionnaire');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain(note);
    expect(visitor.headers['cache-control']).toBe('no-cache');

    const { cookie, user } = await signIn(t.orm, { isAdmin: false });
    const family = await get('/questionnaire', cookie);
    expect(family.statusCode).toBe(200);
    expect(family.body).not.toContain(note);
    expect(family.body).toContain(`aria-label="Account: ${user.username}"`);
    // Nobody keeps a copy of a signed-in page, not even the family's own browser (its back button, its disk).
    expect(family.headers['cache-control']).toBe('no-store');
    // The next visitor is not given the family's page.
    const next = await get('/questionnaire');
    expect(next.body).toContain(note);
    expect(next.body).not.toContain(user.username);
  });

  it('an address with a trailing or doubled slash moves (301) to the page itself, keeping its query; / stays', async () => {
    const { items } = await t.caller().articles.blogList({ page: 1 });
    const slug = items[0]!.slug;
    const moves: Array<[string, string]> = [
      ['/blog/', '/blog'],
      ['//blog', '/blog'],
      ['/blog//', '/blog'],
      ['/blog/?page=2', '/blog?page=2'],
      ['//blog?page=2&x=%2F', '/blog?page=2&x=%2F'],
      [`/blog//${slug}/`, `/blog/${slug}`],
      ['/questionnaire/', '/questionnaire'],
      ['/admin/', '/admin'],
      ['//', '/'],
      ['///?a=1', '/?a=1'],
      // Never to another site: `//host` would be one for a browser.
      ['//evil.example/', '/evil.example'],
      ['///evil.example', '/evil.example'],
    ];
    for (const [from, to] of moves) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: from });
        expect(res.statusCode, `${method} ${from}`).toBe(301);
        expect(res.headers.location, `${method} ${from}`).toBe(to);
      }
    }
    // The page it moves to is there.
    expect((await get('/blog')).statusCode).toBe(200);
    expect((await get(`/blog/${slug}`)).statusCode).toBe(200);
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers.location).toBeUndefined();
    expect((await get('/?a=1')).statusCode).toBe(200);
    // A backslash is a slash to a browser (/\host): no move is offered for such an address.
    expect((await get('/\\evil.example/')).headers.location).toBeUndefined();
    // Nor for a proxy's absolute form of the address (`http:/host` would be another site too).
    expect(canonicalPageUrl('http://evil.example/blog/')).toBeNull();
    expect(canonicalPageUrl('/blog/?next=//x')).toBe('/blog?next=//x');
  });

  it('the API, uploads and build files are not moved: a trailing slash still reaches them as before', async () => {
    for (const url of [
      '/api/puppies/featured/',
      '/api/settings/',
      '/trpc/settings.get/',
      '/trpc/settings.get/?input=%7B%7D',
      '/healthz/',
      '/robots.txt/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location, url).toBeUndefined();
    }
    for (const url of [
      '/uploads/no-such-file.jpg/',
      '/assets/no-such-file.js/',
      '/api/no-such-thing/',
      '//api/puppies/featured',
      '/private-media/x.jpg/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(301);
      expect(res.headers.location, url).toBeUndefined();
    }
    // A form's POST to a page address with a slash is not turned into a GET by a move.
    const post = await t.app.inject({ method: 'POST', url: '/blog/', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(post.statusCode).not.toBe(301);
  });

  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));

  it('the home page carries the breeder as a LocalBusiness (town and state, never a street) and the FAQ', async () => {
    const settings = await t.caller().settings.get();
    const data = jsonLd((await get('/')).body);
    const business = data.find((d) => d['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({ name: settings.breederName, telephone: settings.phone, email: settings.email });
    expect(business.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Monument',
      addressRegion: 'Colorado',
      addressCountry: 'US',
    });
    expect(business.address).not.toHaveProperty('streetAddress');
    expect(business.sameAs).toEqual([settings.facebookUrl, settings.instagramUrl, settings.youtubeUrl].filter(Boolean));
    const faq = data.find((d) => d['@type'] === 'FAQPage');
    expect(faq.mainEntity).toHaveLength(settings.faq.length);
    expect(faq.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: settings.faq[0]!.question,
      acceptedAnswer: { '@type': 'Answer', text: settings.faq[0]!.answer },
    });
  });

  it('a post is a BlogPosting with its breadcrumbs; text that looks like markup cannot close the block', async () => {
    const as = t.caller(admin);
    const post = await as.admin.articles.create({ kind: 'blog', title: 'Tricky </script><b>title', summary: 'Summary', authorName: 'Jen' });
    await as.admin.articles.publish({ id: post.id });
    const html = (await get(`/blog/${post.slug}`)).body;
    expect(html).not.toContain('</script><b>');
    const [posting, crumbs] = jsonLd(html);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Tricky </script><b>title',
      author: { '@type': 'Person', name: 'Jen' },
    });
    expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual(['Home', 'Blog', 'Tricky </script><b>title']);
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Blog (RSS)" href="${t.env.APP_ORIGIN}/blog/feed.xml" />`,
    );
  });

  it('the sitemap follows publishing and unpublishing; robots.txt points at it and keeps private pages out', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${t.env.APP_ORIGIN}/sitemap.xml`);
    for (const path of ['/admin', '/auth', '/unsubscribe', '/newsletter/']) expect(robots.body).toContain(`Disallow: ${path}`);
    const locs = async () =>
      [...(await get('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(t.env.APP_ORIGIN, ''));
    const as = t.caller(admin);
    const post = await as.admin.articles.create({ kind: 'blog', title: 'Sitemap Test Post' });
    expect(await locs()).not.toContain('/blog/sitemap-test-post');
    await as.admin.articles.publish({ id: post.id });
    const published = await locs();
    expect(published).toContain('/blog/sitemap-test-post');
    expect(published).toContain('/');
    expect(published).toContain('/privacy-policy');
    expect(published.some((l) => /^\/family-tree\/\d+$/.test(l))).toBe(true);
    expect(published.filter((l) => /^\/(admin|auth|unsubscribe)/.test(l))).toEqual([]);
    await as.admin.articles.unpublish({ id: post.id });
    expect(await locs()).not.toContain('/blog/sitemap-test-post');
    expect((await get('/sitemap.xml')).headers['content-type']).toContain('application/xml');
  });

  it('the blog feed is RSS 2.0 listing published posts only, newest first', async () => {
    const res = await get('/blog/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    const titles = [...res.body.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    const { items } = await t.caller().articles.blogList({ page: 1 });
    expect(titles).toEqual(
      items.map((p) =>
        p.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
      ),
    );
    expect(titles).not.toContain('Sitemap Test Post');
  });
});
