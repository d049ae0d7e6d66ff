import { createFileRoute } from '@tanstack/react-router';
import { DogFamilyTree } from '../../features/family-tree/client/DogFamilyTree.tsx';
import { trpc } from '../../lib/client/trpc.ts';

export const Route = createFileRoute('/family-tree/$dogId')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(trpc.parents.featured.queryOptions());
    void context.queryClient.prefetchQuery(trpc.litters.active.queryOptions());
    void context.queryClient.prefetchQuery(trpc.puppies.featured.queryOptions());
  },
  component: DogFamilyTreeRoute,
});

function DogFamilyTreeRoute() {
  return <DogFamilyTree dogId={Route.useParams().dogId} />;
}
