import { createFileRoute } from '@tanstack/react-router';
import { FamilyTreeOverview } from '../../features/dogs/client/FamilyTreeOverview.tsx';
import { trpc } from '../../lib/client/trpc.ts';
import { prefetch } from '../../lib/client/prefetch.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { familyTreeHead } from '../../features/dogs/client/pedigree-query.ts';

export const Route = createFileRoute('/family-tree/')({
  loader: ({ context }) => prefetch(context.queryClient, trpc.parents.familyTree.queryOptions(), trpc.litters.active.queryOptions()),
  head: (ctx) => routeHead(ctx, familyTreeHead),
  component: FamilyTreeOverview,
});
