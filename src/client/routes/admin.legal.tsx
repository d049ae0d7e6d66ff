import { createFileRoute } from '@tanstack/react-router';
import { ArticlesAdmin } from '../../features/articles/client/admin/ArticlesAdmin.tsx';

export const Route = createFileRoute('/admin/legal')({ component: LegalAdmin });

function LegalAdmin() {
  return <ArticlesAdmin kind="legal" />;
}
