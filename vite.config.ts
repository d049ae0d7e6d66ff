import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/client/routes'),
      generatedRouteTree: here('./src/client/route-tree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
  ],
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 0,
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
});
