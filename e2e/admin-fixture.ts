// The breeder's side of the journeys: signing in through the real login form, finding a dashboard
// section from its navigation (behind the menu button on a phone), and the toasts that confirm a change.
import { expect, type Page } from './fixtures.ts';

/** The demo breeder account the seed creates (README). */
export const ADMIN = { username: 'breeder', password: 'golden-meadow-2026' };

/** Below Mantine's sm breakpoint (48em) the dashboard navigation sits behind a menu button. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * The breeder's session cookie from the last sign-in through the form, shared by the journeys of this
 * worker: signing in costs a password hash and two page loads, and the form itself is tested by the
 * first journey that signs in, by auth.spec.ts and by "an admin signing in from /auth itself".
 */
let adminCookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>> | undefined;

/** Asks for a dashboard address, is sent to /auth, signs in there and lands back on that address. */
export async function signInAdminThroughForm(page: Page, at = '/admin') {
  await page.goto(at);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
  await form.locator('input[type=password]').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname === at);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  adminCookies = await page.context().cookies();
}

/**
 * Opens a dashboard address signed in as the breeder: with the session an earlier journey signed in,
 * or through the form when there is none yet or it has ended (a journey that logs out ends it).
 */
export async function signInAdmin(page: Page, at = '/admin') {
  if (adminCookies) {
    await page.context().addCookies(adminCookies);
    await page.goto(at);
    if (new URL(page.url()).pathname === at) {
      await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
      return;
    }
    await page.context().clearCookies();
  }
  await signInAdminThroughForm(page, at);
}

/** Dismisses the toasts on screen, as a breeder would (one that leaves by itself meanwhile needs nothing more). */
export async function dismissToasts(page: Page) {
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all())
    await dismiss.click({ timeout: 2_000 }).catch(() => undefined);
}

/** Opens a dashboard section from the navigation and waits for its heading. */
export async function openSection(page: Page, name: string, heading = name) {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  if (isPhone(page)) {
    // A phone shows toasts at the top, over the menu's links; the pointer resting on one pauses its timer, so a
    // link under it would wait forever. A breeder would dismiss it: so does the journey.
    // (One that leaves by itself meanwhile needs nothing more.)
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  }
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

/** The toast that confirms (or refuses) a change. */
export const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title }).first();

export async function expectToast(page: Page, title: string) {
  await expect(toast(page, title)).toBeVisible();
}
