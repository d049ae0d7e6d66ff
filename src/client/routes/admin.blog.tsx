import { createFileRoute } from '@tanstack/react-router';
import { ArticlesAdmin } from '../../features/articles/client/admin/ArticlesAdmin.tsx';

export const Route = createFileRoute('/admin/blog')({ component: BlogAdmin });

function BlogAdmin() {
  return <ArticlesAdmin kind="blog" />;
}
