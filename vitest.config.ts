import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['./src/server/testing/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2 cores: a couple of workers keep PGlite's WASM startup from thrashing.
    maxWorkers: 2,
  },
});
