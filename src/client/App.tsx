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

/** Marks the page as the app's once it has rendered or hydrated (journeys wait for it; it changes nothing on screen). */
function AppReady() {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return null;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={themeManager()} cssVariablesResolver={cssVariablesResolver}>
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
