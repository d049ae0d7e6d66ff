import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['./src/server/testing/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Generous: a test file seeds a whole demo site, and CI machines may be busy.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // 2 cores: a couple of workers keep PGlite's WASM startup from thrashing.
    maxWorkers: 2,
  },
});
