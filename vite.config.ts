import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

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
    // CLIENT_DIR lets parallel runs build into separate folders; the server reads the same variable.
    outDir: process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : here('./dist/client'),
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
