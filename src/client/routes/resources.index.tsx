import { createFileRoute } from '@tanstack/react-router';
import { ArticleList } from '../../features/articles/client/ArticleList.tsx';

export const Route = createFileRoute('/resources/')({
  component: () => <ArticleList kind="resource" />,
});
