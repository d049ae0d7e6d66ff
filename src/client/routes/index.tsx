import { createFileRoute } from '@tanstack/react-router';
import { PuppiesSection } from '../../features/puppies/client/PuppiesSection.tsx';
import { trpc } from '../../lib/client/trpc.ts';

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(trpc.puppies.featured.queryOptions());
    void context.queryClient.prefetchQuery(trpc.litters.active.queryOptions());
  },
  component: HomePage,
});

function HomePage() {
  return <PuppiesSection />;
}
