// The theme switch (SPEC §3, §4): light until a visitor chooses, Dark and System remembered under
// 'vite-ui-theme' and applied before the first paint; every public and dashboard screen passes axe in both.
import { expect, test, type Page } from './fixtures.ts';
import { inBothThemes, scheme } from './axe.ts';

const ADMIN = { username: 'breeder', password: 'golden-meadow-2026' };
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
// E2E_FULL_SWEEPS=1 sweeps every screen on the laptop too (playwright.config.ts).
const everyScreen = (page: Page) => isPhone(page) || !!process.env.E2E_FULL_SWEEPS;

async function themeControl(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  return page.getByRole('radiogroup', { name: 'Theme' }).filter({ visible: true });
}

test('the site is light until a visitor chooses; Dark is remembered and applied before the page’s code runs', async ({ page }) => {
  await page.goto('/');
  expect(await scheme(page)).toBe('light');
  const control = await themeControl(page);
  await expect(control.getByRole('radio', { name: 'Light' })).toBeChecked();
  const darkOption = control.locator('label').filter({ hasText: 'Dark' });
  if (!isPhone(page)) {
    // The header's compact switch shows each icon's name on hover, like a tooltip.
    const name = darkOption.getByText('Dark', { exact: true }).and(page.locator('[aria-hidden="true"]'));
    await expect(name).toHaveCSS('opacity', '0');
    await darkOption.hover();
    await expect(name).toHaveCSS('opacity', '1');
  }
  await darkOption.click();
  await expect(control.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect.poll(() => scheme(page)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

  // Reload with the app's code held back: the page is already dark (no flash of the light theme).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  // The document is parsed (the module scripts, held back, have not run: DOMContentLoaded waits for them).
  await page.waitForFunction(() => document.readyState !== 'loading');
  // The server's HTML is on screen (the page is rendered on the server) while the app's code is still held.
  expect(await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBeGreaterThan(0);
  expect(await scheme(page)).toBe('dark');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await scheme(page)).toBe('dark');
});

test('the dashboard has the theme switch too', async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
  await form.locator('input[type=password]').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  if (isPhone(page)) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  const control = page.getByRole('radiogroup', { name: 'Theme' }).filter({ visible: true });
  await control.locator('label').filter({ hasText: 'Dark' }).click();
  await expect.poll(() => scheme(page)).toBe('dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  expect(await scheme(page)).toBe('dark');
});

test('System follows the device', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await scheme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  expect(await scheme(page)).toBe('light');
  const control = await themeControl(page);
  await expect(control.getByRole('radio', { name: 'System' })).toBeChecked();
});

test('every public screen passes axe in the light and the dark theme', async ({ page, request }) => {
  test.setTimeout(240_000);
  const posts = (await (await request.get('/api/blog')).json()) as { items: Array<{ slug: string }> };
  const guides = (await (await request.get('/api/resources')).json()) as Array<{ id: string }>;
  const dogs = (await (await request.get('/api/parents/featured')).json()) as Array<{ id: number }>;
  const routes = [
    '/',
    '/blog',
    `/blog/${posts.items[0]!.slug}`,
    '/resources',
    `/resources/${guides[0]!.id}`,
    '/family-tree',
    `/family-tree/${dogs[0]!.id}`,
    '/questionnaire',
    '/privacy-policy',
    '/terms-of-service',
    '/auth',
    '/unsubscribe',
    '/verify-email',
    '/no-such-page',
  ];
  const found: string[] = [];
  // Every screen on the phone; on a laptop the screens whose layout changes with the width (grids, the tree, the
  // questionnaire's columns, the header's dropdowns), since the single-column text pages are the same markup there.
  const wide = ['/', '/blog', routes[2]!, '/resources', '/family-tree', routes[6]!, '/questionnaire'];
  for (const route of everyScreen(page) ? routes : wide) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    found.push(...(await inBothThemes(page, route)));
  }
  expect(found).toEqual([]);
});

test('every dashboard screen passes axe in the light and the dark theme', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
  await form.locator('input[type=password]').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const found: string[] = [];
  // Every screen on the phone, where the breeder runs the site; on a laptop the dashboard's frame (its sidebar) on the
  // first screen, since the screens inside it are the same markup (decision 134).
  const sections = [
    '',
    '/puppies',
    '/litters',
    '/parents',
    '/gallery',
    '/testimonials',
    '/blog',
    '/resources',
    '/legal',
    '/inbox',
    '/applications',
    '/waitlist',
    '/subscribers',
    '/settings',
    '/users',
    '/jobs',
    '/families',
    '/pairing',
    '/newsletters',
  ];
  for (const section of everyScreen(page) ? sections : sections.slice(0, 1)) {
    await page.goto(`/admin${section}`);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    found.push(...(await inBothThemes(page, `/admin${section}`)));
  }
  await page.goto('/admin/puppies');
  await page.getByRole('button', { name: 'Add puppy' }).click();
  await expect(page.getByRole('form', { name: 'New puppy' })).toBeVisible();
  found.push(...(await inBothThemes(page, 'the puppy form')));
  expect(found).toEqual([]);
});
