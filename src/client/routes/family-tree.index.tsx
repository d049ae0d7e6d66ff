import { createFileRoute } from '@tanstack/react-router';
import { FamilyTreeOverview } from '../../features/family-tree/client/FamilyTreeOverview.tsx';
import { trpc } from '../../lib/client/trpc.ts';

export const Route = createFileRoute('/family-tree/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(trpc.parents.featured.queryOptions());
    void context.queryClient.prefetchQuery(trpc.litters.active.queryOptions());
  },
  component: FamilyTreeOverview,
});
