// How a route declares its head (TanStack Router's `head()`): one call with the page's title parts,
// description, picture, canonical address, feeds and structured data. The site's name and the reads
// the page shows come from the query cache, filled by the route's loader (which the server awaits).
import type { QueryClient } from '@tanstack/react-query';
import { trpc } from './trpc.ts';
import { headTags, pageTitle, type RouteHeadTags, type ServedHead } from '../shared/page-head.ts';

/** The part of TanStack Router's head() argument a route's head reads. */
export interface HeadContext {
  match: { context?: unknown; search?: unknown };
}

export interface HeadTools {
  /** The breeder's name from the settings (the root route loads them). */
  site: string | undefined;
  /** The site's origin, for the absolute addresses structured data wants. */
  origin: string;
  /** A read already in the cache (see QueryClient.getQueryData). */
  data: QueryClient['getQueryData'];
  /** "Part | … | site name". */
  title: (...parts: string[]) => string;
  /** A schema.org BreadcrumbList: Home, then each [name, path]. */
  breadcrumbs: (crumbs: Array<[name: string, path: string]>) => object;
}

export function routeHead(ctx: HeadContext, build: (tools: HeadTools) => ServedHead): RouteHeadTags {
  const { queryClient, origin = '' } = (ctx.match.context ?? {}) as { queryClient?: QueryClient; origin?: string };
  const data = (queryClient ? queryClient.getQueryData.bind(queryClient) : () => undefined) as QueryClient['getQueryData'];
  const site = data(trpc.settings.get.queryKey())?.breederName;
  return headTags(
    build({
      site,
      origin,
      data,
      title: (...parts) => pageTitle(site, ...parts),
      breadcrumbs: (crumbs) => ({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [['Home', '/'], ...crumbs].map(([name, path], i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name,
          item: `${origin}${path}`,
        })),
      }),
    }),
  );
}

/** A route whose head is its name and a line about it. */
export const simpleHead = (parts: string[], description: string) => (ctx: HeadContext) =>
  routeHead(ctx, ({ title }) => ({ title: title(...parts), description }));
