// The whole app around the router: the same tree is rendered on the server and hydrated in the browser.
import { StrictMode, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { cssVariablesResolver, theme } from './theme.ts';
import { themeManager } from '../lib/client/theme-manager.ts';
import type { createAppRouter } from './router.tsx';
import { ToastRegion } from './layout/ToastRegion.tsx';
import { AuthProvider } from '../features/auth/client/AuthProvider.tsx';

/** Whether React has taken over the element (its fiber is attached once the element is hydrated or rendered). */
const isReacts = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));

/**
 * Marks the page as the app's once it has rendered or hydrated (journeys wait for it; it changes nothing on
 * screen). The page's own part (inside the router's Suspense boundary) hydrates in a later pass than the
 * header around it, in slices, tens of milliseconds on: the mark waits until its last element is reached
 * (React takes the elements in document order, and commits the pass once the last is done), so a journey
 * does not act on a part that is not the app's yet.
 */
function AppReady() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mark = () => {
      const last = document.getElementById('main')?.lastElementChild;
      if (last && !isReacts(last)) timer = setTimeout(mark, 10);
      else document.documentElement.setAttribute('data-app-ready', '');
    };
    mark();
    return () => clearTimeout(timer);
  }, []);
  return null;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        colorSchemeManager={themeManager()}
        cssVariablesResolver={cssVariablesResolver}
      >
        <AppReady />
        <ToastRegion />
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
