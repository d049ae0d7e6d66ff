// The accessibility sweep in the states a visitor or the breeder opens (issue 16): a toast on screen,
// the header's menus and dropdowns, the account menu, the dashboard's phone menu and its
// unsaved-changes dialog. Axe with the WCAG 2.2 AA tags, at both viewport sizes.
import { atRest, expect, test, type Page } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

const ADMIN = { username: 'breeder', password: 'golden-meadow-2026' };
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function violations(page: Page, where: string): Promise<string[]> {
  await atRest(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.map((v) => `${where} › ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a visitor: a toast on screen, the header menu and its dropdown, the account menu of a family', async ({ page }) => {
  const found: string[] = [];
  // A toast: a failed login.
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  found.push(...(await violations(page, 'a toast')));

  // The header's menu (phone) or its Our Doodles dropdown (laptop), open.
  await page.goto('/blog');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Our Doodles' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Our Doodles' }).click();
  }
  await expect(page.getByRole('button', { name: 'Our Doodles' }).filter({ visible: true })).toHaveAttribute('aria-expanded', 'true');
  found.push(...(await violations(page, 'the header menu')));

  // A signed-in family's account menu (a laptop's header; on a phone its links are in the menu).
  const username = unique('axe');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`.toLowerCase());
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/blog');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Family' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: `Account: ${username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'My Family' })).toBeVisible();
  }
  found.push(...(await violations(page, 'the account menu')));
  expect(found).toEqual([]);
});

test('the breeder: the dashboard menu on a phone and the unsaved-changes dialog', async ({ page }) => {
  const found: string[] = [];
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByRole('textbox', { name: 'Username' }).fill(ADMIN.username);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.goto('/admin/litters');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Puppies' })).toBeVisible();
    found.push(...(await violations(page, 'the dashboard menu')));
    await page.getByRole('button', { name: 'Close dashboard menu' }).click();
  }
  await page.getByRole('button', { name: 'Add litter' }).click();
  await page.getByRole('form', { name: 'New litter' }).getByRole('textbox', { name: 'Name' }).fill('Half-typed litter');
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  found.push(...(await violations(page, 'the unsaved-changes dialog')));
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  expect(found).toEqual([]);
});
