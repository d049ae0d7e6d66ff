import { createFileRoute, notFound } from '@tanstack/react-router';
import { DogFamilyTree, DogNotFound } from '../../features/dogs/client/DogFamilyTree.tsx';
import { dogTreeHead, pedigreeQuery } from '../../features/dogs/client/pedigree-query.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { parseDogId } from '../../features/dogs/family-tree.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { prefetch } from '../../lib/client/prefetch.ts';

const isNotFound = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === 'NOT_FOUND';

export const Route = createFileRoute('/family-tree/$dogId')({
  loader: async ({ context, params }) => {
    const id = parseDogId(params.dogId);
    if (id === null) throw notFound();
    const others = prefetch(
      context.queryClient,
      trpc.parents.featured.queryOptions(),
      trpc.litters.active.queryOptions(),
      trpc.puppies.featured.queryOptions(),
    );
    await context.queryClient.ensureQueryData(pedigreeQuery(id)).catch((error: unknown) => {
      throw isNotFound(error) ? notFound() : error;
    });
    await others;
  },
  head: (ctx) => routeHead(ctx, (tools) => dogTreeHead(tools, parseDogId(ctx.params.dogId) ?? 0)),
  component: DogFamilyTreeRoute,
  notFoundComponent: DogNotFound,
});

function DogFamilyTreeRoute() {
  return <DogFamilyTree dogId={parseDogId(Route.useParams().dogId)!} />;
}
