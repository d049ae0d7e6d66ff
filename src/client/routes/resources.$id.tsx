import { createFileRoute, notFound } from '@tanstack/react-router';
import { ArticleNotFound, ArticlePage } from '../../features/articles/client/ArticlePage.tsx';

export const Route = createFileRoute('/resources/$id')({
  loader: async ({ params }) => {
    // Imported here so the guides stay out of the first-view bundle.
    const { findArticle } = await import('../../features/articles/articles.content.ts');
    const article = findArticle('resource', params.id);
    if (!article) throw notFound();
    return article;
  },
  component: ResourceRoute,
  notFoundComponent: () => <ArticleNotFound kind="resource" />,
});

function ResourceRoute() {
  return <ArticlePage article={Route.useLoaderData()} />;
}
