import { createFileRoute } from '@tanstack/react-router';
import { ArticlePreview } from '../../features/articles/client/admin/ArticlePreview.tsx';
import { NotFound } from '../layout/NotFound.tsx';

export const Route = createFileRoute('/admin/preview/$id')({ component: ArticlePreviewRoute });

function ArticlePreviewRoute() {
  const id = Number(Route.useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? <ArticlePreview id={id} /> : <NotFound />;
}
