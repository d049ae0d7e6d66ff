import { createFileRoute } from '@tanstack/react-router';
import { ResourcesList } from '../../features/resources/client/ResourcesList.tsx';

export const Route = createFileRoute('/resources/')({
  component: ResourcesList,
});
