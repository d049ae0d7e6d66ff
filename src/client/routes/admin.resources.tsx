import { createFileRoute } from '@tanstack/react-router';
import { ArticlesAdmin } from '../../features/articles/client/admin/ArticlesAdmin.tsx';

export const Route = createFileRoute('/admin/resources')({ component: ResourcesAdmin });

function ResourcesAdmin() {
  return <ArticlesAdmin kind="resource" />;
}
