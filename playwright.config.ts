import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './e2e/browser.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
// Two workers by default, each with a server and an embedded database of its own (e2e/fixtures.ts
// points a worker's journeys at its server): the journeys of two files run side by side and never
// see each other's writes. E2E_WORKERS=1 runs them one after another on one server.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

// Each file's journeys run once, on the device their users hold for that work (decisions 118 and 136); a journey
// tagged @phone or @desktop runs on that device wherever its file runs, and one tagged @both on the two. Files in
// neither list are about layout and run their untagged journeys on both. Both devices keep their axe sweeps
// (themes.spec.ts, open-states.spec.ts) and the header's width sweep (layout-polish.spec.ts).
const PHONE = [
  'pages', // content routes, the questionnaire's checks, legal pages: the same markup either way
  'visitor', // 404s and a shared puppy link
  'ssr', // server rendering and hydration: the server answers the same page to both
  'accounts', // a family confirms its e-mail from its phone
  'auth', // signing up and in: the same form at every width (the header's links by role run on both)
  'admin', // the breeder runs the site from her phone (her header and sidebar run on both)
  'applications', // a family applies from its phone; the breeder answers from hers
  'applications-polish',
  'family-polish',
  'newsletter-polish',
  'portal', // a family follows its puppy on its phone
  'contracts',
  'visits',
  'search',
  'health',
  'temperament', // the breeder scores puppies on her phone; the family reads the words on its own
  'picks', // families choose on their phones (the breeder's laptop is a second context in the journey)
  'golive', // a new site's first run: the breeder sets it up from her phone
];
const DESKTOP = [
  'newsletters', // composing a newsletter (its phone layout has journeys in newsletter-polish.spec.ts)
  'articles', // writing posts and guides (the dashboard's phone layout has its own journeys)
  'pedigree', // planning pairings at a desk (the tree on a 360 px phone is tagged @phone)
  'payments',
  'messages',
  'imports', // bringing her records in from a spreadsheet, at her desk
];
// home.spec.ts, layout-polish.spec.ts, themes.spec.ts, open-states.spec.ts, today.spec.ts: both, journey by journey.
const files = (names: string[]) => names.map((n) => n.replace(/[-.]/g, '\\$&')).join('|');
/**
 * What a project runs, as Playwright's grep (matched against "project file › describe › title tags"): what is tagged
 * for it or for both, and what is untagged for the other device in a file of its own or of both.
 */
const runsOn = (device: '@phone' | '@desktop', other: string[]) =>
  new RegExp(`${device}|@both|^(?!.*(?:${device === '@phone' ? '@desktop' : '@phone'}|(?:^|[\\s/])(?:${files(other)})\\.spec\\.ts))`);
// E2E_FULL_SWEEPS=1: every journey runs on both devices, and the laptop's axe sweeps take every screen (decisions 134
// to 136 run them on one device in CI, for time).
const full = !!process.env.E2E_FULL_SWEEPS;

export default defineConfig({
  testDir: './e2e',
  // One seeded data directory that every server of the run copies: the workers' own servers, one per worker (ports
  // E2E_PORT, E2E_PORT + 1, …), started here, and the journeys' private servers (decisions 135 and 136).
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
    // A journey left out of a device is not skipped: it is not listed there.
    {
      name: 'desktop',
      grep: full ? undefined : runsOn('@desktop', PHONE),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    { name: 'mobile', grep: full ? undefined : runsOn('@phone', DESKTOP), use: { ...devices['Pixel 7'], launchOptions } },
  ],
});
