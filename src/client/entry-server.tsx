// Server entry (built by `vite build --ssr`): renders one public page to HTML with its query cache.
// The procedures are called in-process with the request's context through the tRPC client's
// in-process link; each request has its own query client, router and memory history.
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createQueryClient } from '../lib/client/query-client.ts';
import { setInProcessCalls } from '../lib/client/trpc.ts';
import type { InProcessCall } from '../lib/shared/ssr.ts';
import { collectHead, notFoundPageHead, type ServedHead } from '../lib/shared/page-head.ts';
import { trpc } from '../lib/client/trpc.ts';
import { createAppRouter } from './router.tsx';
import { App } from './App.tsx';
import { currentUserQuery } from '../features/auth/client/current-user.ts';

const calls = new AsyncLocalStorage<InProcessCall>();
setInProcessCalls(() => calls.getStore());

export interface RenderOptions {
  /** The site's origin (absolute addresses in the head's structured data). */
  origin: string;
  /** Only the route's status and head, no markup (the pages the browser renders: sign-in, the account, the dashboard for anyone but an admin). */
  headOnly?: boolean;
}

/** A route that moved (a renamed post's old address): where to, with the route's status (301). */
export interface Moved {
  redirect: { status: number; location: string };
}

export interface Rendered {
  /** The app's markup, for inside #root (null when only the head was asked for). */
  html: string | null;
  /** The page's head, as its routes declare it (a not-found page's own on a 404). */
  head: ServedHead;
  /** The matched routes (their code-split parts' stylesheets are linked up front). */
  routeIds: string[];
  /** The dehydrated query cache, for the browser to hydrate from. */
  state: unknown;
  /**
   * 503 when a read the page needs failed because the database is out of reach for a moment, 500 when one
   * failed otherwise on the server's side, 404 when a loader found nothing; 200 otherwise.
   */
  status: 200 | 404 | 500 | 503;
}

/** The HTTP status a failed read carries (the in-process link shapes errors as the HTTP client's). */
const httpStatusOf = (error: unknown): number => {
  const e = error as { data?: { httpStatus?: number }; cause?: unknown } | null;
  // A query may wrap the read's error in its own message (the testimonials' SPEC text): look at its cause.
  return e?.data?.httpStatus ?? (e?.cause ? httpStatusOf(e.cause) : 500);
};

/** Renders `url` (path and query) with `call` answering the procedures for this request. */
export function render(
  url: string,
  call: InProcessCall,
  onError: (error: unknown) => void,
  { origin, headOnly = false }: RenderOptions,
): Promise<Rendered | Moved> {
  return calls.run(call, async () => {
    const queryClient = createQueryClient();
    const router = createAppRouter({ queryClient, origin, history: createMemoryHistory({ initialEntries: [url] }) });
    // Who is asking is known here: the page is rendered for them (a visitor sees the questionnaire's
    // "you will need an account", a family its account menu) and the browser hydrates the same, so
    // nothing appears or moves once the code runs.
    await queryClient.prefetchQuery(currentUserQuery);
    await router.load();
    // A route that says its content moved (status 301) is answered with the move; the router's own
    // tidying of an address (a trailing slash, an unknown search parameter) is not a move.
    const moved = (router as unknown as { _serverResult?: { type: string; redirect?: Response } })._serverResult;
    if (moved?.type === 'redirect' && moved.redirect?.status === 301) {
      const location =
        moved.redirect.headers.get('Location') ?? (moved.redirect as unknown as { options: { href?: string } }).options.href ?? '/';
      return { redirect: { status: 301, location } };
    }
    const matches = router.state.matches;
    const failedReads = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'error');
    // A loader's read refused as a bad or unknown address (a slug no post could have) is a 404, not our failure.
    const serverFailure = (error: unknown) => httpStatusOf(error) >= 500;
    const failures = [...matches.filter((m) => m.status === 'error').map((m) => m.error), ...failedReads.map((q) => q.state.error)].filter(
      serverFailure,
    );
    // Reads that failed only because the database is out of reach for a moment make the page a 503 (retry soon).
    const status: Rendered['status'] = failures.length
      ? failures.every((error) => httpStatusOf(error) === 503)
        ? 503
        : 500
      : matches.some((m) => m.status === 'notFound' || m._notFound || m.globalNotFound || (m.status === 'error' && !serverFailure(m.error)))
        ? 404
        : 200;
    const site = queryClient.getQueryData(trpc.settings.get.queryKey())?.breederName;
    const head = (status !== 404 && collectHead(matches)) || notFoundPageHead(site);
    if (headOnly) {
      queryClient.clear();
      return { html: null, state: null, status, head, routeIds: [] };
    }
    const app = <App queryClient={queryClient} router={router} />;
    let html = renderToString(app);
    // A part whose code was not loaded yet suspended (it would arrive empty and be left to the browser):
    // prerendering waits for it, and from then on it renders at once. renderToString itself writes no
    // inline scripts, so the strict CSP has nothing to allow.
    if (html.includes('<!--$!-->')) {
      await prerender(app, { onError });
      html = renderToString(app);
    }
    // Only what succeeded travels: a failed or pending query is asked again in the browser.
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
    queryClient.clear();
    return { html, state, status, head, routeIds: matches.map((m) => m.routeId) };
  });
}
