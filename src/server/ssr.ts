// Server rendering of the public pages: the `vite build --ssr` bundle renders the app with this
// request's procedures called in-process; the page's stylesheets come from the client build's manifest.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDashboard, isServerRendered, scriptSafeJson, SSR_STATE_ID, type InProcessCall } from '../lib/shared/ssr.ts';
import type { ServedHead } from '../lib/shared/page-head.ts';
import { renderHead } from './head-tags.ts';
import { appRouter } from './router.ts';
import { createContext } from './context.ts';

interface SsrBundle {
  render(
    url: string,
    call: InProcessCall,
    onError: (error: unknown) => void,
    options: { origin: string; headOnly: boolean },
  ): Promise<
    | { html: string | null; state: unknown; status: 200 | 404 | 500; head: ServedHead; routeIds: string[] }
    | { redirect: { status: number; location: string } }
  >;
}

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Where `vite build --ssr` puts the bundle for a client build in `clientDir`. */
export const ssrDirFor = (clientDir: string) => `${clientDir}-ssr`;

/** Stylesheets a server-rendered page links: Mantine's public-page parts for every page but the home page, and each route's own. */
interface PageStylesheets {
  /** Every page but the home page links Mantine's parts for the public pages (the home page's first view carries its own). */
  common: string[];
  /** A route file's name (`blog.$slug`) → the CSS its code-split parts bring (loaded later in the browser, linked up front here). */
  byRoute: Map<string, string[]>;
  /** Mantine's whole sheet: the dashboard's chrome, rendered for an admin, is styled by it from the first paint. */
  mantine: string[];
}

function pageStylesheets(clientDir: string): PageStylesheets {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const sheets: PageStylesheets = { common: [], byRoute: new Map(), mantine: [] };
  if (!existsSync(file)) return sheets;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const visit = (key: string, out: Set<string>, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    entry.css?.forEach((c) => out.add(`/${c}`));
    entry.imports?.forEach((k) => visit(k, out, seen));
  };
  for (const [key, entry] of Object.entries(manifest)) {
    // Mantine's parts for the public pages beyond the home page's first view (the full sheet follows in the browser).
    if (key.endsWith('layout/mantine-public-pages.ts')) entry.css?.forEach((c) => sheets.common.push(`/${c}`));
    // The dashboard's sheet (the root route imports it for the pages the browser renders).
    if (key.endsWith('@mantine/core/styles.layer.css')) sheets.mantine.push(`/${entry.file}`);
    // A code-split route file (routes/blog.$slug.tsx?tsr-split=component) of a page the server renders.
    const split = /^routes\/([^?]+)\.tsx\?tsr-split=/.exec(key);
    const routePath = `/${split?.[1]!.split('.')[0] ?? ''}`;
    if (!split || !(isServerRendered(routePath) || isDashboard(routePath))) continue;
    const out = new Set(sheets.byRoute.get(split[1]!) ?? []);
    visit(key, out);
    sheets.byRoute.set(split[1]!, [...out]);
  }
  return sheets;
}

/** The route file of a route id: '/' → index, '/blog/' → blog.index, '/blog/$slug' → blog.$slug. */
const routeFileOf = (routeId: string) => (routeId.endsWith('/') ? `${routeId}index` : routeId).replace(/^\//, '').replace(/\//g, '.');

/** A procedure's failure as the browser's client would have received it (no internals on a page). */
function asClientError(error: unknown) {
  const e = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const internal = e.code === 'INTERNAL_SERVER_ERROR';
  return {
    error: {
      message: internal ? 'Internal server error' : e.message,
      code: TRPC_ERROR_CODES_BY_KEY[e.code],
      data: { code: e.code, httpStatus: getHTTPStatusCodeFromError(e) },
    },
  };
}

export type RenderedPage =
  | {
      /** The document: the routes' head, and for a public page its markup and query cache. */
      html: string;
      status: 200 | 404 | 500;
    }
  | { redirect: { status: number; location: string } };

export interface PageRenderer {
  /**
   * The document for `url` with the head its routes declare and what the render found (404 for an address
   * or record that does not exist, 500 when a read the page needs failed), where it moved (301), or null
   * when there is no server bundle. Public pages come with their markup; the pages the browser renders
   * (the dashboard, sign-in) with their head only.
   */
  render(request: FastifyRequest, reply: FastifyReply, template: string, url: string, pathname: string): Promise<RenderedPage | null>;
  /** Loads the bundle ahead of the first request. */
  warm(): Promise<void>;
}

/** `entry`: the server bundle; tests pass the source entry (src/client/entry-server.tsx), which vitest compiles. */
export function pageRenderer(clientDir: string, entry = path.join(ssrDirFor(clientDir), 'entry-server.js')): PageRenderer {
  const available = existsSync(entry);
  let bundle: Promise<SsrBundle> | undefined;
  const load = () => (bundle ??= import(pathToFileURL(entry).href) as Promise<SsrBundle>);
  const stylesheets = pageStylesheets(clientDir);
  // A built sheet's text, read once (they are a few kilobytes each, and never change while the server runs).
  const sheets = new Map<string, string>();
  const sheetText = (href: string) => {
    let text = sheets.get(href);
    if (text === undefined) {
      const file = path.join(clientDir, href);
      text = existsSync(file) ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
      sheets.set(href, text);
    }
    return text;
  };

  return {
    warm: async () => {
      if (available) await load();
    },
    async render(request, reply, template, url, pathname) {
      if (!available) return null;
      const { render } = await load();
      const caller = appRouter.createCaller(createContext(request, reply)) as unknown as Record<string, unknown>;
      const call: InProcessCall = async (procedure, input) => {
        const fn = procedure.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
          i: unknown,
        ) => Promise<unknown>;
        try {
          // Exactly what the browser would have received over HTTP (dates as strings, no undefined).
          return JSON.parse(JSON.stringify((await fn(input)) ?? null)) as unknown;
        } catch (error) {
          if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR')
            request.log.error({ err: error, procedure }, 'a procedure failed while rendering a page');
          throw asClientError(error);
        }
      };
      const origin = request.server.services.env.appOrigin;
      // The dashboard's chrome is rendered for an admin (decision 126); anyone else gets its head only, and
      // the browser decides (a family sees Access Denied; a visitor never gets here: static-spa redirects).
      const dashboard = isDashboard(pathname) && request.user?.isAdmin === true;
      const headOnly = !isServerRendered(pathname) && !dashboard;
      const rendered = await render(
        url,
        call,
        (err) => request.log.error({ err, url }, 'a part of the page failed to render on the server'),
        { origin, headOnly },
      );
      if ('redirect' in rendered) return rendered;
      const { html, state, status, head, routeIds } = rendered;
      const document = template.replace('<!--app-head-->', renderHead(head, origin, pathname));
      if (html === null) return { status, html: document };
      const withState = (page: string) =>
        page.replace(
          '<div id="root"></div>',
          `<div id="root">${html}</div><script type="application/json" id="${SSR_STATE_ID}">${scriptSafeJson(state)}</script>`,
        );
      if (dashboard) {
        // Linked, not written in: Mantine's whole sheet is large and the same on every dashboard page (the
        // browser keeps it). Linked up front, the chrome is styled at its first paint, and the browser's code,
        // loading these parts, finds each sheet linked already and does not link it again.
        const linked = [
          ...new Set([...stylesheets.mantine, ...routeIds.flatMap((id) => stylesheets.byRoute.get(routeFileOf(id)) ?? [])]),
        ].filter((href) => !template.includes(`href="${href}"`));
        return {
          status,
          html: withState(
            document.replace('</head>', `${linked.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')}</head>`),
          ),
        };
      }
      // Those the page needs that the document does not link already, written into the page: one round trip
      // instead of one per small sheet before the first paint. Each is also named by a disabled link (never
      // fetched): the browser's code, loading those parts, finds the sheet already there and does not link
      // it again (each late sheet would restyle the whole page once more).
      const inlined = [
        ...new Set([...stylesheets.common, ...routeIds.flatMap((id) => stylesheets.byRoute.get(routeFileOf(id)) ?? [])]),
      ].filter((href) => !template.includes(`href="${href}"`));
      const css = inlined.map(sheetText).join('\n');
      const pageCss = css
        ? `<style data-page-css>${css}</style>${inlined.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('')}`
        : '';
      const withCss = pathname === '/' ? document : document.replace('</head>', `${pageCss}</head>`);
      return { status, html: withState(withCss) };
    },
  };
}
