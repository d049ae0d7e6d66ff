import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { launchOptions } from './e2e/browser.ts';

const ALL_TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx'];
/** Component tests run in Chromium (vitest's browser mode), not in the node project (decision 144). */
const COMPONENT_TESTS = 'src/**/*.component.test.tsx';

/**
 * Test files that need something the machine may lack run only where it is, so that no run reports a skipped test:
 * `*.postgres.test.ts` need a PostgreSQL server (TEST_DATABASE_URL: CI's second stage), `*.redis.test.ts` start a
 * redis-server of their own (installed on CI by .ci/run; a user's fresh machine may have none).
 */
const POSTGRES_ONLY = 'src/**/*.postgres.test.ts';
const REDIS_ONLY = 'src/**/*.redis.test.ts';
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const unavailable = [...(hasPostgres ? [] : [POSTGRES_ONLY]), ...(hasRedis ? [] : [REDIS_ONLY])];

/**
 * With TEST_DATABASE_URL (CI's second stage) only the test files whose database that setting changes
 * run again: those that build it through the test harness (test-app.ts or test-db.ts), the PostgreSQL-only
 * ones among them. The rest (pure functions, the lint's probes, CLIs and migrations on their own embedded
 * database) already ran on the first stage and would only repeat it.
 */
function databaseTests(): string[] {
  const usesTestDatabase = /testing\/test-(app|db)\.ts'|from '\.\/test-(app|db)\.ts'/;
  return ALL_TESTS.flatMap((pattern) =>
    globSync(pattern, { exclude: [...unavailable, COMPONENT_TESTS].flatMap((p) => globSync(p)) }),
  ).filter((file) => usesTestDatabase.test(readFileSync(file, 'utf8')));
}

/** The unit and integration tests: node, the real app on a real database. */
const node: TestProjectInlineConfiguration = {
  test: {
    name: 'node',
    include: hasPostgres ? databaseTests() : ALL_TESTS,
    exclude: [...configDefaults.exclude, ...unavailable, COMPONENT_TESTS],
    globalSetup: ['./src/server/testing/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // A worker runs its test files one after another in one process, modules loaded once: each file importing the
    // whole app again took a quarter of the run (embedded stage 312 s isolated, 213 s not, on the 2-core machine).
    // So a test file leaves the process as it found it: environment variables restored, servers and apps closed.
    isolate: false,
    // Generous: a test file seeds a whole demo site, and CI machines may be busy.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
};

/**
 * Component tests (decision 144): the browser code rendered in the installed Chromium (the journeys' own, e2e/browser.ts),
 * with its real DOM, layout, canvas, pointer events and IndexedDB. Their database is none: CI's PostgreSQL stage skips them.
 */
const component: TestProjectInlineConfiguration = {
  // Bundled before the first test: dependencies found mid-run are bundled again, and a second copy of React breaks hooks.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-dev-runtime',
      'react-dom/client',
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/form',
      '@mantine/notifications',
      '@tabler/icons-react',
      '@tanstack/react-query',
      '@tanstack/react-router',
      '@trpc/client',
      '@trpc/server/observable',
      '@trpc/tanstack-react-query',
      '@dnd-kit/core',
      '@dnd-kit/sortable',
      '@dnd-kit/utilities',
      'idb',
      'zod',
      'axe-core',
    ],
  },
  test: {
    name: 'component',
    include: [COMPONENT_TESTS],
    testTimeout: 30_000,
    // A locator that never matches fails in seconds, not at the test's timeout.
    expect: { poll: { timeout: 5_000 } },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions }),
      instances: [{ browser: 'chromium' }],
      screenshotFailures: false,
    },
  },
};

export default defineConfig({
  test: {
    projects: hasPostgres ? [node] : [node, component],
    // 2 cores: a couple of workers keep PGlite's WASM startup from thrashing.
    maxWorkers: 2,
  },
});
