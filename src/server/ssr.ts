// Server rendering of the public pages: the `vite build --ssr` bundle renders the app with this
// request's procedures called in-process; the page's stylesheets come from the client build's manifest.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isServerRendered, scriptSafeJson, SSR_STATE_ID, type InProcessCall } from '../lib/shared/ssr.ts';
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
  ): Promise<{ html: string | null; state: unknown; status: 200 | 404 | 500; head: ServedHead } | { redirect: { status: number; location: string } }>;
}

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Where `vite build --ssr` puts the bundle for a client build in `clientDir`. */
export const ssrDirFor = (clientDir: string) => `${clientDir}-ssr`;

/**
 * Stylesheets a server-rendered page needs beyond the document's own: every page but the home page
 * renders with Mantine's full sheet (the home page's first view carries only its part), and the
 * public routes' code-split parts bring their CSS (loaded later in the browser, linked up front here).
 */
function pageStylesheets(clientDir: string): string[] {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const out = new Set<string>();
  const visit = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    entry.css?.forEach((c) => out.add(`/${c}`));
    entry.imports?.forEach((k) => visit(k, seen));
  };
  for (const [key, entry] of Object.entries(manifest)) {
    if (key.endsWith('@mantine/core/styles.layer.css')) out.add(`/${entry.file}`);
    // A code-split route file (routes/blog.$slug.tsx?tsr-split=component) of a page the server renders.
    const split = /^routes\/([^.?]+)[^?]*\?tsr-split=/.exec(key);
    if (split && isServerRendered(`/${split[1]}`)) visit(key);
  }
  return [...out];
}

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
  let links: string | undefined;

  return {
    warm: async () => {
      if (available) await load();
    },
    async render(request, reply, template, url, pathname) {
      if (!available) return null;
      const { render } = await load();
      const caller = appRouter.createCaller(createContext(request, reply)) as unknown as Record<string, unknown>;
      const call: InProcessCall = async (procedure, input) => {
        const fn = procedure.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (i: unknown) => Promise<unknown>;
        try {
          // Exactly what the browser would have received over HTTP (dates as strings, no undefined).
          return JSON.parse(JSON.stringify((await fn(input)) ?? null)) as unknown;
        } catch (error) {
          if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error, procedure }, 'a procedure failed while rendering a page');
          throw asClientError(error);
        }
      };
      const origin = request.server.services.env.appOrigin;
      const headOnly = !isServerRendered(pathname);
      const rendered = await render(url, call, (err) => request.log.error({ err, url }, 'a part of the page failed to render on the server'), { origin, headOnly });
      if ('redirect' in rendered) return rendered;
      const { html, state, status, head } = rendered;
      const document = template.replace('<!--app-head-->', renderHead(head, origin, pathname));
      if (html === null) return { status, html: document };
      // Those the document does not link already.
      links ??= stylesheets
        .filter((href) => !template.includes(`href="${href}"`))
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
        .join('');
      const withCss = pathname === '/' ? document : document.replace('</head>', `${links}</head>`);
      return {
        status,
        html: withCss.replace(
          '<div id="root"></div>',
          `<div id="root">${html}</div><script type="application/json" id="${SSR_STATE_ID}">${scriptSafeJson(state)}</script>`,
        ),
      };
    },
  };
}
