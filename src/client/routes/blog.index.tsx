import { createFileRoute } from '@tanstack/react-router';
import { BlogList } from '../../features/blog/client/BlogList.tsx';

export const Route = createFileRoute('/blog/')({
  component: BlogList,
});
