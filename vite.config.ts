import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { deferEntryScript } from './src/lib/shared/entry-loader.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { dropPrivateCachesOn401 } from './src/client/admin/sw-session-end.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Mantine's `useId` re-draws every id in a layout effect after hydration; ours keeps React's id (decision 104).
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

// CLIENT_DIR lets parallel runs build into separate folders; the server reads the same variable. The
// server-rendering bundle (`vite build --ssr`) goes beside it, in <client dir>-ssr.
const clientOut = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : here('./dist/client');

export default defineConfig(({ isSsrBuild }) => ({
  root: here('./src/client'),
  publicDir: isSsrBuild ? false : here('./public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/client/routes'),
      generatedRouteTree: here('./src/client/route-tree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    {
      name: 'mantine-stable-use-id',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === './use-id/use-id.mjs' && importer && MANTINE_USE_ID.test(importer))
          return here('./src/lib/client/mantine-use-id.ts');
        return null;
      },
    },
    // The dashboard's service worker (issue 34), registered by the dashboard only (src/client/admin/pwa.ts) with scope
    // /admin: nothing is injected into index.html, so the public pages' first view does not change. It keeps the
    // build's scripts and styles, the dashboard's page, and the few private reads the Today screen needs (network
    // first: offline, the last answer); signing out deletes that private cache.
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: 'generateSW',
            filename: 'admin-sw.js',
            injectRegister: false,
            manifest: false,
            workbox: {
              globPatterns: ['assets/*.{js,css}'],
              globIgnores: ['**/*.br', '**/*.gz'],
              maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
              navigateFallback: null,
              cleanupOutdatedCaches: true,
              // Push notifications and their taps (public/push-sw.js, shared with the families' account-sw.js);
              // Background Sync of the posts queued offline (public/admin-queue-sw.js, decision 124).
              importScripts: ['/push-sw.js', '/admin-queue-sw.js'],
              clientsClaim: true,
              skipWaiting: true,
              runtimeCaching: [
                {
                  urlPattern: ({ request, url }) =>
                    request.mode === 'navigate' && (url.pathname === '/admin' || url.pathname.startsWith('/admin/')),
                  handler: 'NetworkFirst',
                  options: {
                    cacheName: 'admin-shell',
                    networkTimeoutSeconds: 5,
                    expiration: { maxEntries: 5 },
                    plugins: [dropPrivateCachesOn401],
                  },
                },
                {
                  // Only GET reads whose procedures are all the shell's and Today's: never another private answer.
                  urlPattern: ({ request, url }) =>
                    request.method === 'GET' &&
                    url.pathname.startsWith('/trpc/') &&
                    url.pathname
                      .slice('/trpc/'.length)
                      .split(',')
                      .every((p) =>
                        [
                          'auth.me',
                          'settings.get',
                          'admin.today.get',
                          'admin.inquiries.unreadCount',
                          'admin.applications.newCount',
                          'admin.messages.unreadCount',
                        ].includes(p),
                      ),
                  handler: 'NetworkFirst',
                  options: {
                    cacheName: 'admin-private',
                    networkTimeoutSeconds: 5,
                    expiration: { maxEntries: 20 },
                    plugins: [dropPrivateCachesOn401],
                  },
                },
                {
                  urlPattern: ({ url }) => url.pathname.startsWith('/icons/') || url.pathname === '/admin.webmanifest',
                  handler: 'StaleWhileRevalidate',
                  options: { cacheName: 'admin-static' },
                },
              ],
            },
          }),
        ]),
    {
      // The entry starts after the document's first paint (src/lib/shared/entry-loader.ts, decision 098).
      name: 'entry-after-first-paint',
      apply: 'build',
      transformIndexHtml: { order: 'post', handler: deferEntryScript },
    },
  ],
  build: {
    outDir: isSsrBuild ? `${clientOut}-ssr` : clientOut,
    ...(isSsrBuild ? { rolldownOptions: { input: here('./src/client/entry-server.tsx') } } : {}),
    // The server links the stylesheets of the page it renders (from the manifest).
    manifest: !isSsrBuild,
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 0,
    // No <link rel=modulepreload> for the entry's imports: on a slow phone connection they competed with the
    // stylesheet the first paint waits for, and the server's HTML is already the page (Lighthouse mobile:
    // home 88 → 91, blog post 86 → 92, questionnaire 86 → 95; the app's code starts a round trip later).
    modulePreload: false,
  },
  ssr: {
    // Bundled into the server-rendering build so only what the pages use is loaded: imported whole from
    // node_modules, the icon set alone holds about 70 MB resident (every icon), Mantine about 50 MB and
    // the router 20 MB (idle server after rendering pages: 289 MB → 205 MB).
    noExternal: ['@tabler/icons-react', /^@mantine\//, /^@tanstack\/(react-router|router-core|history)/],
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/readyz': apiTarget,
    },
  },
}));
