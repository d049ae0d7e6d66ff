import { createFileRoute } from '@tanstack/react-router';
import { ResourceList } from '../../features/articles/client/ArticleList.tsx';
import { trpc } from '../../lib/client/trpc.ts';

export const Route = createFileRoute('/resources/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.articles.resources.queryOptions()),
  component: ResourceList,
});
