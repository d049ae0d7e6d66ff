import { createFileRoute, notFound } from '@tanstack/react-router';
import { BlogPostNotFound, BlogPostPage } from '../../features/blog/client/BlogPostPage.tsx';

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ params }) => {
    // Imported here so the articles stay out of the first-view bundle.
    const { findPost } = await import('../../features/blog/blog.content.ts');
    const post = findPost(params.slug);
    if (!post) throw notFound();
    return post;
  },
  component: BlogPostRoute,
  notFoundComponent: BlogPostNotFound,
});

function BlogPostRoute() {
  return <BlogPostPage post={Route.useLoaderData()} />;
}
