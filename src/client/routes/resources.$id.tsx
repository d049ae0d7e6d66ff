import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { ArticleNotFound, ResourcePage } from '../../features/articles/client/ArticlePage.tsx';
import { isNotFoundError } from '../../features/articles/client/article-loading.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { resourceHead } from '../../features/articles/client/article-heads.ts';

export const Route = createFileRoute('/resources/$id')({
  loader: async ({ context, params }) => {
    const guide = await context.queryClient
      .ensureQueryData(trpc.articles.resource.queryOptions({ slug: params.id }))
      .catch((error: unknown) => {
        throw isNotFoundError(error) ? notFound() : error;
      });
    if ('movedTo' in guide) throw redirect({ to: '/resources/$id', params: { id: guide.movedTo }, statusCode: 301 });
  },
  head: (ctx) => routeHead(ctx, (tools) => resourceHead(tools, ctx.params.id)),
  component: ResourceRoute,
  notFoundComponent: () => <ArticleNotFound kind="resource" />,
});

function ResourceRoute() {
  return <ResourcePage id={Route.useParams().id} />;
}
