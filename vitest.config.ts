import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const ALL_TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

/**
 * With TEST_DATABASE_URL (CI's second stage) only the test files whose database that setting changes
 * run again: those that build it through the test harness (test-app.ts or test-db.ts). The rest (pure
 * functions, the lint's probes, CLIs and migrations on their own embedded database) already ran on the
 * first stage and would only repeat it.
 */
function databaseTests(): string[] {
  const usesTestDatabase = /testing\/test-(app|db)\.ts'|from '\.\/test-(app|db)\.ts'/;
  return ALL_TESTS.flatMap((pattern) => globSync(pattern)).filter((file) => usesTestDatabase.test(readFileSync(file, 'utf8')));
}

export default defineConfig({
  test: {
    include: process.env.TEST_DATABASE_URL ? databaseTests() : ALL_TESTS,
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
