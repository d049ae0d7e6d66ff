import { createFileRoute } from '@tanstack/react-router';
import { FamilyTreeOverview } from '../../features/family-tree/client/FamilyTreeOverview.tsx';
import { trpc } from '../../lib/client/trpc.ts';
import { prefetch } from '../../lib/client/prefetch.ts';

export const Route = createFileRoute('/family-tree/')({
  loader: ({ context }) => prefetch(context.queryClient, trpc.parents.familyTree.queryOptions(), trpc.litters.active.queryOptions()),
  component: FamilyTreeOverview,
});
