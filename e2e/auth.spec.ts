// Accounts in the browser: register, stay signed in across a reload, log out; login failure; the /admin guard; header links by role.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

const ADMIN = { username: 'breeder', password: 'golden-meadow-2026' };
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The header's navigation: the desktop bar, or the mobile menu (opened first) below 768 px. */
async function nav(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return page.getByRole('navigation', { name: 'Main' });
  const toggle = page.getByRole('button', { name: 'Open navigation menu' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('navigation', { name: 'Mobile' });
}

async function closeMenu(page: Page) {
  const close = page.getByRole('button', { name: 'Close navigation menu' });
  if (await close.isVisible()) await close.click();
}

async function register(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`.toLowerCase());
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

async function login(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('register, see the toast, stay signed in after a reload, then log out', async ({ page }) => {
  const username = unique('family');
  await register(page, username, 'sunny-porch-swing');
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText(`Account created for ${username}`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.reload();
  let links = await nav(page);
  // Login is for visitors who are not signed in (issue 29); the family's name and Logout are grouped in one account menu.
  await expect(links.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(links.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  if ((page.viewportSize()?.width ?? 1280) >= 768) {
    await expect(links.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await links.getByRole('button', { name: `Account: ${username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Family Questionnaire' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  } else {
    const account = links.getByRole('group', { name: 'Account' });
    await expect(account).toContainText(`Signed in as ${username}`);
    await account.getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();

  await page.reload();
  links = await nav(page);
  await expect(links.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(links.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('a signed-in family opening /auth is told who is signed in, with links onward', async ({ page }) => {
  const username = unique('family');
  await register(page, username, 'sunny-porch-swing');
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/auth');
  const main = page.getByRole('main');
  await expect(main.getByText(`You are signed in as ${username}.`)).toBeVisible();
  await expect(main.getByRole('form', { name: 'Login' })).toHaveCount(0);
  await main.getByRole('link', { name: 'My Family' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/auth');
  await main.getByRole('link', { name: 'Family Questionnaire' }).click();
  await expect(page).toHaveURL(/\/questionnaire$/);
  await page.goto('/auth');
  await main.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();
  await expect(main.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('the register form shows the shared rules before sending anything', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username' }).fill('ab');
  await form.getByRole('textbox', { name: 'Email' }).fill('ab@example.com');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('password123');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('password124');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Username must be at least 3 characters.')).toBeVisible();
  await expect(form.getByText('This password is too common. Please choose a less predictable one.')).toBeVisible();
  await expect(form.getByText('Passwords do not match.')).toBeVisible();
});

test('a taken username shows the server message in the failure toast', async ({ page }) => {
  await register(page, 'BREEDER', 'another-long-password');
  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText('That username is already taken.').first()).toBeVisible();
});

test('a wrong password shows the Login failed toast', async ({ page }) => {
  await page.goto('/auth');
  await login(page, ADMIN.username, 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('/admin signed out redirects to /auth, and logging in comes back to /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText(`Welcome back, ${ADMIN.username}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: /Admin Dashboard/ })).toBeVisible();
});

test('a dashboard section signed out redirects to /auth and comes back to it after logging in', async ({ page }) => {
  await page.goto('/admin/inbox');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Finbox/);
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 2 })).toBeVisible();
});

test('a redirect to another site is not followed after logging in', async ({ page }) => {
  await page.goto('/auth?redirect=%2F%2Fevil.example%2Fadmin');
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/admin$/);
});

test('/admin as a signed-in non-admin shows Access Denied with a link home', async ({ page }) => {
  await register(page, unique('visitor'), 'sunny-porch-swing');
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('header links by role: Login for visitors, Admin and Logout for the admin', { tag: '@both' }, async ({ page }) => {
  await page.goto('/');
  let links = await nav(page);
  await expect(links.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await links.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText('Login successful')).toBeVisible();
  // An administrator signing in lands on the dashboard.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: /Admin Dashboard/ })).toBeVisible();

  await page.goto('/');
  links = await nav(page);
  await expect(links.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(links.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await links.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: /Admin Dashboard/ })).toBeVisible();
  await closeMenu(page);
});

test('a family signing in from the Login link lands back on the page it came from', async ({ page }) => {
  await page.goto('/privacy-policy');
  // The phone menu opens once the page is hydrated: try again until it shows the link.
  let links: Locator = page.locator('nav');
  await expect(async () => {
    links = await nav(page);
    await expect(links.getByRole('link', { name: 'Login' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await links.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username' }).fill(unique('family'));
  await form.getByRole('textbox', { name: 'Email' }).fill(`${unique('family')}@example.com`.toLowerCase());
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test('the auth screen and the Access Denied screen have no axe violations', async ({ page }) => {
  const axe = () => new AxeBuilder({ page }).include('main').analyze();
  await page.goto('/auth');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  expect((await axe()).violations).toEqual([]);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Please enter your username.')).toBeVisible();
  expect((await axe()).violations).toEqual([]);

  await form.getByRole('textbox', { name: 'Username' }).fill(unique('axe'));
  await form.getByRole('textbox', { name: 'Email' }).fill(`${unique('axe')}@example.com`);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await axe()).violations).toEqual([]);
});
