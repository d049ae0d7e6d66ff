import { createFileRoute, notFound } from '@tanstack/react-router';
import { ArticleNotFound, ArticlePage } from '../../features/articles/client/ArticlePage.tsx';

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ params }) => {
    // Imported here so the articles stay out of the first-view bundle.
    const { findArticle } = await import('../../features/articles/articles.content.ts');
    const article = findArticle('blog', params.slug);
    if (!article) throw notFound();
    return article;
  },
  component: BlogPostRoute,
  notFoundComponent: () => <ArticleNotFound kind="blog" />,
});

function BlogPostRoute() {
  return <ArticlePage article={Route.useLoaderData()} />;
}
