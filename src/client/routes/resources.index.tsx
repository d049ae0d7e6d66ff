import { createFileRoute } from '@tanstack/react-router';
import { ResourceList } from '../../features/articles/client/ArticleList.tsx';
import { searchParam, searchTooLong } from '../../features/articles/client/article-kinds.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { resourceListHead } from '../../features/articles/client/article-heads.ts';

/** `?q=feeding&page=2`: the guides a search finds; without `q`, every guide by category. */
function parseResourceSearch(search: Record<string, unknown>): { q?: string; page?: number } {
  const q = searchParam(search.q);
  const page = Number(search.page);
  return { ...(q ? { q } : {}), ...(q && Number.isSafeInteger(page) && page > 1 ? { page } : {}) };
}

export const Route = createFileRoute('/resources/')({
  validateSearch: parseResourceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.q) return context.queryClient.ensureQueryData(trpc.articles.resources.queryOptions());
    // Too long a search is not sent: the page says so.
    if (searchTooLong(deps.q)) return undefined;
    return context.queryClient.ensureQueryData(trpc.articles.resourceSearch.queryOptions({ q: deps.q, page: deps.page ?? 1 }));
  },
  head: (ctx) => routeHead(ctx, resourceListHead),
  component: ResourcesRoute,
});

function ResourcesRoute() {
  const { q, page } = Route.useSearch();
  return <ResourceList q={q} page={page ?? 1} />;
}
