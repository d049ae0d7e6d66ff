import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './route-tree.gen.ts';
import { PageSpinner } from '../lib/client/PageSpinner.tsx';
import { NotFound } from './layout/NotFound.tsx';
import { ErrorPage } from './layout/ErrorPage.tsx';

/** One router per browser tab, and one per server-rendered request (with its own query client and a memory history). */
export function createAppRouter({ queryClient, history, origin }: { queryClient: QueryClient; history?: RouterHistory; origin: string }) {
  return createRouter({
    routeTree,
    context: { queryClient, origin },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: () => <PageSpinner />,
    defaultPendingMs: 150,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorPage,
    // The browser restores scroll positions; on the server it would emit an inline script (no CSP allows it).
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
