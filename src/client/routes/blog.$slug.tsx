import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { ArticleNotFound, BlogPostPage } from '../../features/articles/client/ArticlePage.tsx';
import { isNotFoundError } from '../../features/articles/client/article-loading.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { blogPostHead } from '../../features/articles/client/article-heads.ts';

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ context, params }) => {
    const post = await context.queryClient
      .ensureQueryData(trpc.articles.blogPost.queryOptions({ slug: params.slug }))
      .catch((error: unknown) => {
        throw isNotFoundError(error) ? notFound() : error;
      });
    // A renamed post: its old address moves on to the new one.
    if ('movedTo' in post) throw redirect({ to: '/blog/$slug', params: { slug: post.movedTo }, statusCode: 301 });
  },
  head: (ctx) => routeHead(ctx, (tools) => blogPostHead(tools, ctx.params.slug)),
  component: BlogPostRoute,
  notFoundComponent: () => <ArticleNotFound kind="blog" />,
});

function BlogPostRoute() {
  return <BlogPostPage slug={Route.useParams().slug} />;
}
