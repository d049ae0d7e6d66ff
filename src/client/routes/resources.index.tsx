import { createFileRoute } from '@tanstack/react-router';
import { ResourceList } from '../../features/articles/client/ArticleList.tsx';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { resourceListHead } from '../../features/articles/client/article-heads.ts';

export const Route = createFileRoute('/resources/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.articles.resources.queryOptions()),
  head: (ctx) => routeHead(ctx, resourceListHead),
  component: ResourceList,
});
