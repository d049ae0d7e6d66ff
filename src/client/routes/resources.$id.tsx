import { createFileRoute, notFound } from '@tanstack/react-router';
import { ResourceNotFound, ResourcePage } from '../../features/resources/client/ResourcePage.tsx';

export const Route = createFileRoute('/resources/$id')({
  loader: async ({ params }) => {
    // Imported here so the guides stay out of the first-view bundle.
    const { findResource } = await import('../../features/resources/resources.content.ts');
    const resource = findResource(params.id);
    if (!resource) throw notFound();
    return resource;
  },
  component: ResourceRoute,
  notFoundComponent: ResourceNotFound,
});

function ResourceRoute() {
  return <ResourcePage resource={Route.useLoaderData()} />;
}
