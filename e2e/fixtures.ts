// The journeys' `test`: Playwright's, with page.goto and page.reload waiting until the app has taken
// over the page. A server-rendered page is visible (and clickable) before its code runs; a journey
// acts like a family that waits for the page to respond, not like a click racing hydration.
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/** Set on <html> by the app once it has rendered or hydrated (src/client/App.tsx). */
const appReady = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));

/**
 * Makes `page.goto` and `page.reload` wait until the app has taken over the page. The `page` fixture
 * does this; a journey's second page (a visitor beside the breeder, from `browser.newPage()`) calls it.
 */
export function waitsForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const ready = async <T>(answer: T, waitUntil: string | undefined) => {
    // A document the app serves (not a JSON or file URL), and not a journey that holds the code back.
    if (waitUntil !== 'commit' && (await page.evaluate(() => !!document.getElementById('root')).catch(() => false))) await appReady(page);
    return answer;
  };
  page.goto = async (url, options) => ready(await goto(url, options), options?.waitUntil);
  page.reload = async (options) => ready(await reload(options), options?.waitUntil);
  return page;
}

/** The shared server's port (playwright.config.ts): worker n's own server listens at that port + n. */
const sharedPort = Number(process.env.E2E_PORT ?? 3199);

/** Which of the parallel workers this is (0, 1, …), in a worker process. */
export const workerSlot = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const test = base.extend({
  // A journey that names no server of its own goes to its worker's server (playwright.config.ts).
  baseURL: async ({ baseURL }, use, info) => {
    const shared = `http://127.0.0.1:${sharedPort}`;
    await use(baseURL === shared ? `http://127.0.0.1:${sharedPort + info.parallelIndex}` : baseURL);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false ? waitsForApp(page) : page);
  },
});

/**
 * Waits until the page is at rest: no finite animation or transition has run for five frames in a
 * row. Mantine starts an opening transition two frames after it mounts the element (at opacity 0), so
 * a check that finds nothing running at once can still race a menu about to fade in (axe would then
 * measure half-transparent text).
 */
export async function atRest(page: Page) {
  await page.evaluate(() => ((window as { quietFrames?: number }).quietFrames = 0));
  await page.waitForFunction(
    () => {
      const w = window as { quietFrames?: number };
      const quiet = document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
      w.quietFrames = quiet ? (w.quietFrames ?? 0) + 1 : 0;
      return w.quietFrames >= 5;
    },
    undefined,
    { polling: 'raf' },
  );
}
