// Component tests' render (decision 144): a component in the app's providers, in vitest's browser mode (real Chromium):
// Mantine with its styles, the toasts' region, a fresh QueryClient with the app's defaults, and (for components that read
// the address or navigate) a router in memory whose one page is the component. Each test's render is unmounted after it.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createBrowserHistory,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { createQueryClient } from '../query-client.ts';

export interface Rendered {
  container: HTMLElement;
  queryClient: QueryClient;
  /** With `router`: the router in memory (its history goes back and forth like the browser's). */
  router?: AnyRouter;
  unmount: () => void;
}

export interface RenderOptions {
  theme?: MantineThemeOverride;
  /** Render inside a router in memory, at this address (the component is its only page, whatever the path). */
  at?: string;
  /**
   * Render inside a router on the test page's own history instead, where the browser's back button (history.back())
   * asks the unsaved-changes guard first, as on the site (a router in memory goes back without asking).
   */
  browserHistory?: boolean;
  /** Wraps the component inside the providers (e.g. the unsaved-changes guard, which needs the router). */
  wrapper?: (children: ReactNode) => ReactNode;
}

const mounted = new Set<{ root: Root; container: HTMLElement }>();

export function render(ui: ReactNode, options: RenderOptions = {}): Rendered {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const queryClient = createQueryClient();
  const wrap = options.wrapper ?? ((children: ReactNode) => children);
  let router: AnyRouter | undefined;
  let content: ReactNode = wrap(ui);
  if (options.at !== undefined || options.browserHistory) {
    const rootRoute = createRootRoute({ component: () => wrap(ui) });
    const history = options.browserHistory ? createBrowserHistory() : createMemoryHistory({ initialEntries: [options.at ?? '/'] });
    router = createRouter({ routeTree: rootRoute, history });
    content = <RouterProvider router={router} />;
  }
  root.render(
    <StrictMode>
      <MantineProvider theme={options.theme}>
        <Notifications />
        <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  const entry = { root, container };
  mounted.add(entry);
  const unmount = () => {
    if (!mounted.delete(entry)) return;
    root.unmount();
    container.remove();
    queryClient.clear();
  };
  return { container, queryClient, router, unmount };
}

afterEach(() => {
  for (const { root, container } of mounted) {
    root.unmount();
    container.remove();
  }
  mounted.clear();
  notifications.clean();
});
