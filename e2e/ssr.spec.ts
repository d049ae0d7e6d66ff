// Server rendering (issue 10): every public page arrives as finished HTML, reads without JavaScript,
// and hydrates in the browser without a mismatch or any console error.
import { expect, test, type Page } from './fixtures.ts';
import { privateServer } from './private-server.ts';

const ADMIN = { username: 'breeder', password: 'golden-meadow-2026' };

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the puppies, litters, parents, FAQ and the contact details', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('section#puppies').getByRole('button', { name: /View details for Biscuit/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Autumn Litter' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Maple' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByText('How do I reserve a puppy?')).toBeVisible();
    await expect(page.getByText('(719) 555-0142').first()).toBeVisible();
    // Styled: Mantine's sheet is there before any script (the hero headline is not a default-sized, unstyled line).
    const fontFamily = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
    expect(fontFamily).toContain('Georgia');
  });

  test('a blog post and a family tree read completely', async ({ page, request }) => {
    await page.goto('/blog');
    await page
      .getByRole('link', { name: /Getting Ready for Your Puppy/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/blog\/getting-ready-for-your-puppy/);
    await expect(page.getByRole('heading', { level: 1, name: /Getting Ready for Your Puppy/ })).toBeVisible();
    // The body is there, down to its last paragraph.
    const post = (await (
      await request.get(
        '/trpc/articles.blogPost?input=' + encodeURIComponent(JSON.stringify({ slug: 'getting-ready-for-your-puppy-a-checklist' })),
      )
    ).json()) as {
      result: { data: { html: string } };
    };
    const paragraphs = [...post.result.data.html.matchAll(/<p>([^<]{20,})<\/p>/g)].map((m) => m[1]!);
    expect(paragraphs.length).toBeGreaterThan(1);
    await expect(page.getByText(paragraphs.at(-1)!.slice(0, 40), { exact: false })).toBeVisible();

    const dogs = (await (await request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string }>;
    const maple = dogs.find((d) => d.name === 'Maple')!;
    const res = await page.goto(`/family-tree/${maple.id}`);
    expect(res?.status()).toBe(200);
    const tree = page.getByRole('list', { name: "Maple's pedigree" });
    await expect(tree).toBeVisible();
    await expect(tree.getByRole('listitem').first()).toBeVisible();
  });

  test('an unknown post is a 404 that still reads as a page', async ({ page }) => {
    const res = await page.goto('/blog/no-such-post');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  });
});

/** Every console error or warning and uncaught error on the page (a hydration mismatch is one of these). */
async function collectProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // The strict CSP refusing anything (even a probe the code catches) is a problem too: browsers report it.
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} from ${e.sourceFile}`,
      ),
    ),
  );
  return problems;
}

test.describe('with JavaScript', () => {
  test('every public page hydrates without a mismatch or a console error', async ({ page, request }) => {
    const problems = await collectProblems(page);
    const dogs = (await (await request.get('/api/parents/featured')).json()) as Array<{ id: number }>;
    const guides = (await (await request.get('/trpc/articles.resources')).json()) as { result: { data: Array<{ id: string }> } };
    const pages = [
      '/',
      '/blog',
      '/blog/getting-ready-for-your-puppy-a-checklist',
      '/resources',
      `/resources/${guides.result.data[0]!.id}`,
      '/family-tree',
      `/family-tree/${dogs[0]!.id}`,
      '/privacy-policy',
      '/terms-of-service',
      '/questionnaire',
    ];
    for (const url of pages) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      // Arrived rendered: the page's heading is in the HTML the server sent.
      expect(await res!.text(), url).toMatch(/<h1[ >]/);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test("the page paints before the app's code is fetched, then hydrates without fetching a stylesheet", async ({ page }) => {
    const problems = await collectProblems(page);
    await page.goto('/blog/getting-ready-for-your-puppy-a-checklist');
    const times = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime,
    }));
    expect(times.paint).toBeDefined();
    expect(times.entry).toBeDefined();
    expect(times.entry!).toBeGreaterThanOrEqual(times.paint!);
    // The sheets the page needs came with it: hydrating fetches none (each would restyle the whole page).
    await page.waitForLoadState('networkidle');
    const sheets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => /\.css(\?|$)/.test(r.name))
        .map((r) => r.name.replace(/^.*\//, '')),
    );
    expect(sheets).toEqual([expect.stringMatching(/^index-.*\.css$/)]);
    // Hydrated: its links are the app's (a client-side navigation keeps this document and what it holds).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: '← All articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("the hero's video, once it plays, is not a later 'largest paint' than the picture it replaces", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push((entry as PerformanceEntry & { element?: Element }).element?.tagName ?? '?');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/');
    // The video shows once it plays (after the page's load on a phone, after about 500 ms on a desktop).
    await expect(page.locator('section#home video[data-playing]')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('section#home video')).toHaveCSS('opacity', '1');
    expect(await page.evaluate(() => (window as unknown as { largestPaints: string[] }).largestPaints)).toEqual(['IMG']);
  });

  test('a page arrives rendered for who asks, so nothing moves once its code runs: a visitor, then a signed-in family', async ({
    page,
    baseURL,
  }) => {
    const problems = await collectProblems(page);
    // Layout shifts the visitor did not cause (Lighthouse's CLS), from the first paint on.
    // Each shift keeps what moved, so a failure says which element it was and from where to where.
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      };
      const shifts: Array<{ value: number; what: string[] }> = [];
      const describe = (node: Node | null | undefined) =>
        node instanceof Element
          ? `<${node.tagName.toLowerCase()} class="${node.getAttribute('class') ?? ''}"> ${(node.textContent ?? '').trim().slice(0, 50)}`
          : String(node?.nodeName);
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          if (!e.hadRecentInput)
            shifts.push({
              value: e.value,
              what: (e.sources ?? []).map(
                (s) => `${describe(s.node)}: ${rect(s.previousRect)} → ${rect(s.currentRect)} at ${Math.round(e.startTime)} ms`,
              ),
            });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifted = async () => {
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: Array<{ value: number; what: string[] }> }).layoutShifts,
      );
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      if (total >= 0.01) console.log('layout shifts:', JSON.stringify(shifts, null, 1));
      return total;
    };

    const visitor = await page.goto('/questionnaire');
    expect(await visitor!.text()).toContain('You will need an account to send it');
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('You will need an account to send it')).toBeVisible();
    expect(await shifted()).toBeLessThan(0.01);

    const username = `ssr_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const registered = await page.request.post('/api/register', {
      headers: { origin: baseURL! },
      data: { username, email: `${username}@example.com`.toLowerCase(), password: 'sunny-porch-swing' },
    });
    expect(registered.ok()).toBe(true);
    const family = await page.goto('/questionnaire');
    const html = await family!.text();
    expect(html).not.toContain('You will need an account to send it');
    expect(html).toContain(`aria-label="Account: ${username}"`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/Your answers are saved as a draft/)).toBeVisible();
    expect(await shifted()).toBeLessThan(0.01);
    expect(problems).toEqual([]);
  });

  test("hydration adopts the server's page as it is: the same footer element and the same ids, nothing rendered again", async ({
    page,
    request,
  }) => {
    const problems = await collectProblems(page);
    const html = await (await request.get('/')).text();
    const serverIds = [...html.matchAll(/ id="(mantine-[^"]+)"/g)].map((m) => m[1]!);
    expect(serverIds.length).toBeGreaterThan(3);
    // The footer the server sent, marked before the app's code runs.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => Object.assign(document.querySelector('footer') ?? {}, { fromServer: true })),
    );
    await page.goto('/');
    const footer = page.locator('footer');
    await expect.poll(() => footer.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    expect(await footer.evaluate((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer)).toBe(true);
    await page.waitForLoadState('networkidle');
    // The labels' and accordions' ids stay the server's (they were redrawn, and the inputs rendered again).
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id^="mantine-"]')].map((el) => el.id));
    expect(ids).toEqual(expect.arrayContaining(serverIds));
    expect(problems).toEqual([]);
  });

  test('the hydrated home page responds: a puppy opens, and the theme switch works', async ({ page }) => {
    const problems = await collectProblems(page);
    await page.goto('/');
    await page
      .locator('section#puppies')
      .getByRole('button', { name: /View details for Biscuit/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Biscuit' })).toBeVisible();
    await expect(page).toHaveURL(/\?puppy=\d+/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a visitor who chose Dark gets the dark page and a matching switch without a hydration mismatch', async ({ page }) => {
    const problems = await collectProblems(page);
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(
      page.getByRole('radiogroup', { name: 'Theme' }).filter({ visible: true }).getByRole('radio', { name: 'Dark' }),
    ).toBeChecked();
    expect(problems).toEqual([]);
  });
});

test.describe('the page cache', () => {
  const server = privateServer({ offset: 95, seed: true });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await server.start();
  });
  test.afterAll(async () => server.stop());

  test('a page kept for visitors changes as soon as the breeder changes what it shows', async ({ playwright }) => {
    const visitor = await playwright.request.newContext();
    const breeder = await playwright.request.newContext();
    const testimonials = (await (await visitor.get(`${server.base}/api/testimonials/featured`)).json()) as Array<{
      id: number;
      name: string;
    }>;
    const shown = testimonials.find((t) => !/[&<>"']/.test(t.name))!;
    const home = async () => (await visitor.get(`${server.base}/`)).text();
    expect(await home()).toContain(shown.name);
    expect(await home()).toContain(shown.name); // now from the cache

    const headers = { origin: server.base, 'content-type': 'application/json' };
    expect((await breeder.post(`${server.base}/api/login`, { headers, data: ADMIN })).ok()).toBe(true);
    expect((await breeder.post(`${server.base}/trpc/admin.testimonials.remove`, { headers, data: { id: shown.id } })).ok()).toBe(true);

    const after = await home();
    expect(after).toContain('Happy Families');
    expect(after).not.toContain(shown.name);
    await visitor.dispose();
    await breeder.dispose();
  });
});
