// Serves the built client: hashed assets cached forever, index.html with this route's head tags.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/server/db-errors.ts';
import { renderHead } from '../head-tags.ts';
import { pageRenderer } from '../ssr.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_SITE_NAME } from '../../lib/shared/page-head.ts';
import { preferred } from './public-reads.ts';
import { SESSION_COOKIE } from '../../features/auth/server/session.service.ts';

/** A rendered page kept for the next visitor without a session, with its compressed forms made on first use. */
interface CachedPage {
  expires: number;
  status: number;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}
/** Bounds of the page cache: distinct addresses (queries make many), and bytes in all. */
const MAX_PAGES = 300;
const MAX_PAGE_BYTES = 32 * 1024 * 1024;

/**
 * What a page says when rendering it failed outright: a plain message the browser replaces as soon as
 * the app starts (there is no server state on such a page, so the browser renders it afresh).
 */
const RENDER_FAILED_HTML =
  '<div id="root"><main id="main" style="max-width:36rem;margin:5rem auto;padding:0 1rem;text-align:center;font-family:system-ui,sans-serif">' +
  '<h1>Something went wrong</h1><p>This page could not be loaded just now. Please try again in a moment.</p><p><a href="/">Back to home</a></p></main></div>';

/** Addresses that are not pages: their own routes answer them, a slash more or less included (left as they are). */
const NOT_PAGES = /^\/+(api|trpc|uploads|private-media|assets)(\/|$)/;

/**
 * Where a page address with a trailing slash or doubled slashes moves to (its query kept), or null when it
 * is already the page's own address, is not a page, or cannot be moved safely: `/` stays, and an address
 * with a backslash (which a browser reads as a slash: `/\host` is another site) or not starting with a
 * slash (a proxy's absolute form) is left to the 404 page.
 */
export function canonicalPageUrl(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith('/') || path === '/' || NOT_PAGES.test(path) || path.includes('\\') || !/\/\/|.\/$/.test(path)) return null;
  // Doubled slashes collapse (`//host` is never the answer: the result starts with a single slash), the trailing one goes.
  const canonical = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return canonical + (q === -1 ? '' : url.slice(q));
}

export default fp<{ clientDir: string; appOrigin: string; ssrEntry?: string }>(
  async (app, { clientDir, appOrigin, ssrEntry }) => {
    const indexPath = path.join(clientDir, 'index.html');
    const hasBuild = existsSync(indexPath);
    const template = hasBuild
      ? readFileSync(indexPath, 'utf8')
      : '<!doctype html><html lang="en"><head><!--app-head--></head><body><p>The client is not built yet: run <code>npm run build</code>.</p></body></html>';

    const renderer = pageRenderer(clientDir, ...(ssrEntry ? [ssrEntry] : []));
    // The server bundle loads once the server is up, not on the first family's request; it waits for the
    // listening socket's first turn of the event loop, so a readiness probe is not kept behind its compile.
    const warm = () => void renderer.warm().catch((err: unknown) => app.log.error({ err }, 'the page renderer did not load'));
    app.addHook('onListen', async () => void setTimeout(warm, 100).unref());

    if (hasBuild) {
      // The build's hashed files under one wildcard route (a route per file took 35 ms of start-up for 160
      // files); the few files beside them keep a route each. A missing file falls through to the 404 page.
      await app.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        index: false,
        // The build wrote each file's Brotli and gzip forms beside it (src/server/precompress.ts).
        preCompressed: true,
        setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
      });
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        globIgnore: ['assets/**'],
        index: false,
        decorateReply: false,
        setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=3600'),
      });
    }

    // Anonymous HTML is cheap: a page rendered for a visitor without a session is kept per address for
    // PUBLIC_CACHE_MS, and goes with the public read cache when an admin change clears it.
    const publicCache = app.services.publicCache;
    const pages = new Map<string, CachedPage>();
    let pageBytes = 0;
    const forget = (url: string) => {
      const old = pages.get(url);
      if (old) pageBytes -= old.body.length;
      pages.delete(url);
    };
    publicCache.onClear(() => {
      pages.clear();
      pageBytes = 0;
    });
    const cacheable = (request: FastifyRequest) => publicCache.ttlMs > 0 && !request.user && !request.headers.cookie?.includes('=');
    const sendPage = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
      reply.code(page.status).header('Cache-Control', 'no-cache').header('Vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encoding = preferred(request.headers['accept-encoding']);
      if (encoding === 'br')
        return reply
          .header('Content-Encoding', 'br')
          .send((page.br ??= brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })));
      if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send((page.gzip ??= gzipSync(page.body, { level: 6 })));
      return reply.send(page.body);
    };
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !cacheable(request)) return;
      const hit = pages.get(request.url);
      if (!hit) return;
      if (hit.expires <= Date.now()) return void forget(request.url);
      return sendPage(request, reply, hit);
    });

    /** A page's HTML and status, or where it redirects; `cached` when it was kept for the next visitor. */
    type Outcome = { location: string; status: number } | { status: number; html: string; cached?: CachedPage };
    const produce = async (request: FastifyRequest, reply: FastifyReply, pathname: string, keep: boolean): Promise<Outcome> => {
      // The dashboard and the family's account need a signed-in user: say so before sending a page (the browser comes back after).
      if (/^\/(admin|account)(\/|$)/.test(pathname) && !request.user) {
        return { status: 302, location: `/auth?redirect=${encodeURIComponent(request.url)}` };
      }
      // Without a server bundle (a tree not built yet), or when rendering failed, the browser renders the page under a plain head.
      const plainDocument = () =>
        template.replace(
          '<!--app-head-->',
          renderHead({ title: DEFAULT_SITE_NAME, description: DEFAULT_DESCRIPTION }, appOrigin, pathname),
        );
      let page: { html: string; status: number } | null = null;
      if (hasBuild) {
        try {
          const rendered = await renderer.render(request, reply, template, request.url, pathname);
          if (rendered && 'redirect' in rendered) return { status: rendered.redirect.status, location: rendered.redirect.location };
          // 404 for what does not exist; 500 when a read the page needs failed (logged where it failed).
          page = rendered;
        } catch (err) {
          // The document still arrives with a plain message, and the browser renders the page afresh.
          request.log.error({ err, url: request.url }, 'server rendering failed');
          return { status: 500, html: plainDocument().replace('<div id="root"></div>', RENDER_FAILED_HTML) };
        }
      }
      if (!page) return { status: 200, html: plainDocument() };
      const { html, status } = page;
      // A failed page is not kept: the next visitor gets a fresh try.
      if (!keep || status >= 500) return { status, html };
      const entry: CachedPage = { expires: Date.now() + publicCache.ttlMs, status, body: Buffer.from(html) };
      forget(request.url);
      while (pages.size >= MAX_PAGES || (pages.size > 0 && pageBytes + entry.body.length > MAX_PAGE_BYTES))
        forget(pages.keys().next().value!);
      pages.set(request.url, entry);
      pageBytes += entry.body.length;
      return { status, html, cached: entry };
    };

    // Visitors without a session who ask for the same address while it is being rendered wait for that one
    // render: when a kept page expires under a crowd, it is rendered once, not once per visitor.
    const rendering = new Map<string, Promise<Outcome>>();
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname.startsWith('/trpc/') || pathname.startsWith('/uploads/')) {
        return reply.code(404).send({ message: 'Not found.' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ message: 'Not found.' });
      }
      // One address per page: /blog/ and //blog move to /blog, with their query.
      const canonical = canonicalPageUrl(request.url);
      if (canonical) return reply.header('Cache-Control', 'public, max-age=3600').redirect(canonical, 301);
      const shared = request.method === 'GET' && cacheable(request);
      let outcome: Outcome;
      if (shared) {
        let flight = rendering.get(request.url);
        if (!flight) {
          flight = produce(request, reply, pathname, true);
          rendering.set(request.url, flight);
          const url = request.url;
          const done = () => void (rendering.get(url) === flight && rendering.delete(url));
          flight.then(done, done);
        }
        outcome = await flight;
      } else {
        outcome = await produce(request, reply, pathname, false);
      }
      if ('location' in outcome) return reply.header('Cache-Control', 'no-cache').redirect(outcome.location, outcome.status);
      if (outcome.cached) return sendPage(request, reply, outcome.cached);
      // A page whose reads found the database out of reach: the same 503 and Retry-After as the data answers.
      if (outcome.status === 503) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      // A page rendered for a signed-in person carries who they are: nothing may keep it, not even their own
      // browser (the back button or the disk after they signed out). A session cookie that turned out stale
      // counts too, as for the API (plugins/session.ts): the answer depended on it.
      const personal = request.user !== null || request.cookies[SESSION_COOKIE] !== undefined;
      return reply
        .code(outcome.status)
        .header('Cache-Control', personal ? 'no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(outcome.html);
    });
  },
  { name: 'static-spa' },
);
