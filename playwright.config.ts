import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
// Two workers by default, each with a server and an embedded database of its own (e2e/fixtures.ts
// points a worker's journeys at its server): the journeys of two files run side by side and never
// see each other's writes. E2E_WORKERS=1 runs them one after another on one server.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

// Journeys whose screens and steps do not change with the viewport run once, on the device their users
// hold for them (decision 118); every other file runs on both. A journey inside a both-devices file that
// only means one device is tagged @phone or @desktop instead.
const PHONE_ONLY = [
  'pages.spec.ts', // content routes, the questionnaire's checks, legal pages: the same markup either way
  'visitor.spec.ts', // 404s and a shared puppy link
  'ssr.spec.ts', // server rendering and hydration: the server answers the same page to both
  'accounts.spec.ts', // a family confirms its e-mail from its phone
];
const DESKTOP_ONLY = [
  'newsletters.spec.ts', // composing a newsletter (its phone layout has journeys in newsletter-polish.spec.ts)
  'articles.spec.ts', // writing posts and guides (the dashboard's phone layout has its own journeys)
];
const only = (files: string[]) => files.map((f) => `**/${f}`);
// E2E_FULL_SWEEPS=1: journeys tagged for one device run on both, and the laptop's axe sweeps take every screen
// (decisions 134 and 135 run them on one device in CI, for time). Meant for the sweeps and Today
// (open-states.spec.ts, themes.spec.ts, today.spec.ts); other tagged journeys use their own device's controls.
const full = !!process.env.E2E_FULL_SWEEPS;

export default defineConfig({
  testDir: './e2e',
  // One seeded data directory that the journeys' private servers copy (decision 135).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // A journey's own limit: generous, because the 2-core CI machine runs two browsers, two servers and their
  // private servers at once and was measured at about half its usual speed (a journey that takes 15 s idle took
  // over 60 s there). A stuck locator still fails, only later.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions,
  },
  projects: [
    // A journey tagged @phone runs on the phone only, one tagged @desktop on the laptop only (not skipped: left out).
    { name: 'desktop', grepInvert: full ? undefined : /@phone/, testIgnore: only(PHONE_ONLY), use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'mobile', grepInvert: full ? undefined : /@desktop/, testIgnore: only(DESKTOP_ONLY), use: { ...devices['Pixel 7'], launchOptions } },
  ],
  // The production build, served by the real server on a fresh embedded database with demo content,
  // one per worker (ports E2E_PORT, E2E_PORT + 1, …).
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: `node scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${port + i}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port + i) },
  })),
});
