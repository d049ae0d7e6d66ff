import { createFileRoute } from '@tanstack/react-router';
import { BlogList } from '../../features/articles/client/ArticleList.tsx';
import { searchParam, searchTooLong } from '../../features/articles/client/article-kinds.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { blogListHead } from '../../features/articles/client/article-heads.ts';

/** `?page=2&tag=grooming&q=crate`; anything else is the first page of every post. */
function parseBlogSearch(search: Record<string, unknown>): { page?: number; tag?: string; q?: string } {
  const page = Number(search.page);
  const tag = typeof search.tag === 'string' && search.tag.trim() ? search.tag.trim().slice(0, 40) : undefined;
  const q = searchParam(search.q);
  return { ...(Number.isSafeInteger(page) && page > 1 ? { page } : {}), ...(tag ? { tag } : {}), ...(q ? { q } : {}) };
}

export const Route = createFileRoute('/blog/')({
  validateSearch: parseBlogSearch,
  loaderDeps: ({ search }) => search,
  // Too long a search is not sent: the page says so.
  loader: ({ context, deps }) =>
    searchTooLong(deps.q)
      ? undefined
      : context.queryClient.ensureQueryData(trpc.articles.blogList.queryOptions({ page: deps.page ?? 1, tag: deps.tag, q: deps.q })),
  head: (ctx) => routeHead(ctx, blogListHead),
  component: BlogListRoute,
});

function BlogListRoute() {
  const { page, tag, q } = Route.useSearch();
  return <BlogList page={page ?? 1} tag={tag} q={q} />;
}
