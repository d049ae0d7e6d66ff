import { createFileRoute } from '@tanstack/react-router';
import { BlogList } from '../../features/articles/client/ArticleList.tsx';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { blogListHead } from '../../features/articles/client/article-heads.ts';

/** `?page=2&tag=grooming`; anything else is the first page of every post. */
function parseBlogSearch(search: Record<string, unknown>): { page?: number; tag?: string } {
  const page = Number(search.page);
  const tag = typeof search.tag === 'string' && search.tag.trim() ? search.tag.trim().slice(0, 40) : undefined;
  return { ...(Number.isSafeInteger(page) && page > 1 ? { page } : {}), ...(tag ? { tag } : {}) };
}

export const Route = createFileRoute('/blog/')({
  validateSearch: parseBlogSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(trpc.articles.blogList.queryOptions({ page: deps.page ?? 1, tag: deps.tag })),
  head: (ctx) => routeHead(ctx, blogListHead),
  component: BlogListRoute,
});

function BlogListRoute() {
  const { page, tag } = Route.useSearch();
  return <BlogList page={page ?? 1} tag={tag} />;
}
