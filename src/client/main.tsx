// Browser entry: Mantine, TanStack Query and the router.
import './layout/mantine-first-view.ts';
import './layout/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from '../lib/client/query-client.ts';
import { theme } from './theme.ts';
import { router } from './router.tsx';
import { ToastRegion } from './layout/ToastRegion.tsx';
import { AuthProvider } from '../features/auth/client/AuthProvider.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastRegion />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
