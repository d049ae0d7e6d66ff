// Browser entry: hydrates the page the server rendered (its queries arrive with it), or renders the
// screens the server leaves to the browser (the dashboard, sign-in, the account).
import './zod-jitless.ts';
import './layout/mantine-first-view.ts';
import './layout/global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { queryClient } from '../lib/client/query-client.ts';
import { createAppRouter } from './router.tsx';
import { App } from './App.tsx';
import { loadAccountMenuFor } from '../features/auth/client/AuthLinks.tsx';
import { SSR_STATE_ID } from '../lib/shared/ssr.ts';
import { listenForInstallPrompt } from '../lib/client/install-prompt.ts';

// Before anything else: Chrome may offer the dashboard's install prompt before the dashboard's code has loaded.
listenForInstallPrompt();

/** Lets the browser run anything waiting (a tap, a paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in tasks of its own, after the one that ran the modules: building the router (its route
 * tree and history), then loading the route and hydrating. On a throttled phone these were one long task
 * that kept the page from answering a tap (decision 104).
 */
async function start() {
  const root = document.getElementById('root')!;
  const router = createAppRouter({ queryClient, origin: window.location.origin });
  const state = document.getElementById(SSR_STATE_ID);
  await nextTask();

  if (state?.textContent) {
    hydrate(queryClient, JSON.parse(state.textContent));
    // Tells the router the page came from the server: it then renders the tree the server rendered
    // (no extra Suspense boundary around the root), so hydration matches.
    router.ssr = { manifest: undefined };
    // The loaders find their data in the cache: loading only fetches the route's code, then the tree
    // matches the server's HTML.
    await Promise.all([router.load(), loadAccountMenuFor(queryClient)]);
    startTransition(() => void hydrateRoot(root, <App queryClient={queryClient} router={router} />));
  } else {
    createRoot(root).render(<App queryClient={queryClient} router={router} />);
  }
}

setTimeout(() => void start(), 0);
