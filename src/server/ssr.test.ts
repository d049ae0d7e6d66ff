// Server rendering tells the truth about failures: a page whose data cannot be read answers 500 with
// an error page (logged, never cached, no internals shown), and the next visitor gets a fresh try.
// The app's real server entry is rendered here (vitest compiles it), against a real database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { appRouter } from './router.ts';
import { ROOT_DIR } from './db.ts';
import { seedDemoContent } from './seed/seed.ts';
import { precompress } from './precompress.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';
import { testEnv } from './testing/test-app.ts';

describe('server-rendered pages when a read fails', () => {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'doodle-ssr-client-'));
  const logLines: Array<{ level: number; msg: string; procedure?: string; err?: { message?: string } }> = [];
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    // The document the build would produce, reduced to what the server fills in.
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>',
    );
    // The build's manifest, reduced to Mantine's public-page parts and two routes' own sheets.
    mkdirSync(path.join(clientDir, '.vite'));
    mkdirSync(path.join(clientDir, 'assets'));
    const sheets = {
      'layout/mantine-public-pages.ts': 'public',
      'routes/blog.$slug.tsx?tsr-split=component': 'post',
      'routes/family-tree.$dogId.tsx?tsr-split=component': 'tree',
    };
    const manifest = Object.fromEntries(
      Object.entries(sheets).map(([key, name]) => [key, { file: `assets/${name}.js`, css: [`assets/${name}.css`] }]),
    );
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const name of Object.values(sheets)) writeFileSync(path.join(clientDir, 'assets', `${name}.css`), `.${name}-sheet{color:red}`);
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    db = await createTestDatabase();
    await seedDemoContent(db.orm.em.fork(), { force: false });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
        done();
      },
    });
    app = await buildApp({
      orm: db.orm,
      // The page cache is on: a failed page must not be kept in it.
      env: testEnv({ PUBLIC_CACHE_MS: '60000' }),
      closeOrm: false,
      logger: { level: 'error', stream },
      clientDir,
      ssrEntry: path.join(ROOT_DIR, 'src/client/entry-server.tsx'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const sql = (statement: string) => db.orm.em.getConnection().execute(statement);

  it("serves the build's files: hashed assets for a year, the others for an hour, a missing one as the 404 page", async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/post.css' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('.post-sheet{color:red}');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-AbC123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    // Nothing outside the build's folder: a path that climbs out of /assets/ gets no file.
    const climbing = await app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(climbing.statusCode).toBeGreaterThanOrEqual(400);
    expect(climbing.body).not.toContain('"dependencies"');
  });

  it("sends an asset's Brotli or gzip form written at build time, and the file itself to a client that takes neither", async () => {
    // A script like the build's, large enough to be worth compressing; the tiny sheet is left as it is.
    const script = Array.from({ length: 400 }, (_, i) => `export const puppy${i} = { name: 'Biscuit ${i}', weeks: ${i % 9} };`).join('\n');
    writeFileSync(path.join(clientDir, 'assets', 'app-AbC123.js'), script);
    const written = await precompress(path.join(clientDir, 'assets'));
    expect(written.files).toBe(1);
    expect(written.brotliBytes).toBeLessThan(written.gzipBytes);

    const asked = (encoding: string) =>
      app.inject({ method: 'GET', url: '/assets/app-AbC123.js', headers: { 'accept-encoding': encoding } });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBe(written.brotliBytes);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await asked('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    // A file without compressed forms (under 1 KB) is still sent, compressed on the way as before.
    const sheet = await app.inject({ method: 'GET', url: '/assets/post.css', headers: { 'accept-encoding': 'br' } });
    expect(sheet.statusCode).toBe(200);
    const sheetBody = sheet.headers['content-encoding'] === 'br' ? brotliDecompressSync(sheet.rawPayload).toString() : sheet.body;
    expect(sheetBody).toBe('.post-sheet{color:red}');
  });

  it('answers 500 with an error page and logs it; once the data is back the page is served (the failure was not cached)', async () => {
    await sql('alter table articles rename to articles_away');
    let failed;
    try {
      failed = await app.inject({ method: 'GET', url: '/blog' });
    } finally {
      await sql('alter table articles_away rename to articles');
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toContain('text/html');
    expect(failed.body).toContain('Something went wrong');
    expect(failed.body).toContain('Try again');
    // Nothing of the database's own words reaches the family.
    expect(failed.body).not.toMatch(/articles_away|relation|select /i);
    const logged = logLines.find((l) => l.procedure === 'articles.blogList');
    expect(logged?.msg).toBe('a procedure failed while rendering a page');
    expect(logged?.level).toBeGreaterThanOrEqual(50);

    const again = await app.inject({ method: 'GET', url: '/blog' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Getting Ready for Your Puppy');
    expect(again.body).not.toContain('Something went wrong');
  });

  it('renders a page once for visitors who ask for it at the same moment, and all of them get its answer', async () => {
    // Each render that meets the failing read logs it once: the count of those lines is the count of renders.
    const renders = () => logLines.filter((l) => l.procedure === 'articles.blogList').length;
    const before = renders();
    await sql('alter table articles rename to articles_away');
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/blog?from=crowd' })));
    } finally {
      await sql('alter table articles_away rename to articles');
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(500));
    expect(answers.every((a) => a.body.includes('Something went wrong'))).toBe(true);
    expect(renders() - before).toBe(1);
    // Not kept: the next visitor's request renders afresh and gets the page.
    const next = await app.inject({ method: 'GET', url: '/blog?from=crowd' });
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('Getting Ready for Your Puppy');
  });

  it("writes the sheets a page needs into it: Mantine's public-page parts and its own route's, not other routes'", async () => {
    const { items } = await appRouter
      .createCaller({ em: db.orm.em.fork(), user: null, sessionId: null, services: app.services, req: { ip: '127.0.0.1' } })
      .articles.blogList({ page: 1 });
    const post = (await app.inject({ method: 'GET', url: `/blog/${items[0]!.slug}` })).body;
    expect(post).toContain('<style data-page-css>');
    expect(post).toContain('.public-sheet{color:red}');
    expect(post).toContain('.post-sheet{color:red}');
    expect(post).not.toContain('.tree-sheet');
    // Each sheet written in is named by a disabled (never fetched) link, so the browser's code does not link it again.
    expect(post).toContain('<link rel="stylesheet" href="/assets/public.css" disabled>');
    expect(post).toContain('<link rel="stylesheet" href="/assets/post.css" disabled>');
    expect(post).not.toContain('/assets/tree.css');
    // The home page's first view carries its own styles.
    expect((await app.inject({ method: 'GET', url: '/' })).body).not.toContain('data-page-css');
  });

  it('a kept page is the same document for every visitor without a session, in the encoding each takes, whoever filled it', async () => {
    // Issue 28's class of bug, for pages: the first visitor's request headers must not decide what the next ones get.
    app.services.publicCache.clear();
    const url = '/blog?from=encodings';
    const ask = (headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    const first = await ask({ 'accept-encoding': 'br', 'trpc-accept': 'application/jsonl', accept: 'application/jsonl' });
    expect(first.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('Getting Ready for Your Puppy');
    const plain = await ask({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const gzip = await ask({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    for (const res of [first, plain, gzip]) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Any cookie (a session, or anything a browser may keep) passes the kept page by and renders afresh.
    const withCookie = await ask({ cookie: 'sid=stale' });
    expect(withCookie.headers['cache-control']).toBe('no-store');
    expect(withCookie.body).toContain('Getting Ready for Your Puppy');
  });

  it('renders a known page as finished HTML with its data, and an unknown post as a 404 page', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('id="ssr-state"');
    expect(home.body).toMatch(/View details for <\/span>(<!-- -->)?Biscuit/);
    const missing = await app.inject({ method: 'GET', url: '/blog/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Article not found');
    // An address no post could have (the read refuses it as bad input): still a 404 page, not our failure.
    const impossible = await app.inject({ method: 'GET', url: `/blog/${'x'.repeat(300)}` });
    expect(impossible.statusCode).toBe(404);
    expect(impossible.body).toContain('Page not found');
    expect(impossible.body).not.toContain('Something went wrong');
  });
});
