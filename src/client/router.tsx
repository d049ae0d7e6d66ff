import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen.ts';
import { queryClient } from '../lib/client/query-client.ts';
import { PageSpinner } from '../lib/client/PageSpinner.tsx';
import { NotFound } from './layout/NotFound.tsx';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: () => <PageSpinner />,
  defaultPendingMs: 150,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
