// The family portal on a phone (and a laptop): a family registers from /account and comes back to it; the breeder
// matches a puppy to it and posts an update with a photo and a weight from the Families screen, shares a
// contract; the family reads the update, opens the photo, reads the growth table, ticks checklist items and
// downloads the contract; /account passes axe in both themes.
import { usePrivateServer } from './private-server.ts';
import { expect, test, waitsForApp, type Browser, type Page } from './fixtures.ts';
import { signInAdmin } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { tinyPdf } from '../src/server/testing/uploads.ts';
import { formatDay } from '../src/lib/shared/format.ts';

const PASSWORD = 'sunny-porch-swing-22';

async function pick(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('listbox', { name: combobox, exact: true }).getByRole('option', { name: option }).click();
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function newPage(browser: Browser, baseURL: string, theme = 'light', desktop = false) {
  const device = desktop ? { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } : {};
  const context = await browser.newContext({ ...(test.info().project.use as object), ...device, baseURL });
  await context.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
  return waitsForApp(await context.newPage());
}

test.describe('family portal', () => {
  test.describe.configure({ mode: 'serial' });
  const server = usePrivateServer({ offset: 80, seed: true });

  test('a family follows its puppy: the breeder posts from the Families screen, the family reads, opens, ticks and downloads', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const phone = info.project.name === 'mobile';
    const username = `family-${phone ? 'm' : 'd'}`;
    const puppy = phone ? 'Honey' : 'Biscuit';

    // A visitor asking for /account signs up and lands back on it; nothing is matched yet.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount/);
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('textbox', { name: 'Username' }).fill(username);
    await form.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`.toLowerCase());
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${username}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Once we match you with a puppy')).toBeVisible();

    // The breeder matches and posts with a photo and a weight: at her laptop in the desktop run, on her
    // phone in the phone run.
    const admin = await newPage(browser, server.base, 'light', !phone);
    await signInAdmin(admin, '/admin/families');
    await expect(admin.getByRole('heading', { name: 'Families', level: 2, exact: true })).toBeVisible();
    await pick(admin, `Family for ${puppy}`, username);
    await expect(admin.getByRole('combobox', { name: `Family for ${puppy}`, exact: true })).toHaveValue(username);
    const post = admin.getByRole('form', { name: 'Post an update' });
    await pick(admin, 'For', new RegExp(`^${puppy} \\(${username}\\)`));
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
    await post.getByLabel('Upload photos').setInputFiles({ name: 'first-walk.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(post.getByText('1 of 1 added')).toBeVisible();
    await post.getByRole('textbox', { name: 'Weight' }).fill('1.5');
    await post.getByText('lb', { exact: true }).click();
    await post.getByRole('textbox', { name: "What's new" }).fill(`${puppy} went on a first little walk today.`);
    await post.getByRole('button', { name: 'Post update' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Update posted' }).first()).toBeVisible();
    const posted = admin.getByRole('article', { name: `Update for ${puppy}` }).first();
    await expect(posted).toContainText('1 lb 8 oz');
    // Who was told: this family's address is not verified yet, so nothing was sent, and the screen says why (decision 108).
    await expect(posted.getByText(`${username}: Not e-mailed: address not verified yet`)).toBeVisible();

    // The breeder shares a contract with that family, from the same device.
    await pick(admin, 'Family', username);
    await admin.getByRole('textbox', { name: 'Document name' }).fill('Puppy contract');
    await admin
      .getByLabel('Upload pdf documents')
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Contract') });
    await expect(admin.getByRole('link', { name: 'Puppy contract' })).toBeVisible();
    await admin.context().close();

    // The family sees it all.
    await page.reload();
    await expect(page.getByRole('heading', { name: puppy, level: 2 })).toBeVisible();
    const update = page.getByRole('article').filter({ hasText: `${puppy} went on a first little walk today.` });
    await expect(update).toContainText('Weighed 1 lb 8 oz');
    await update.getByRole('button', { name: 'Open photo 1 of 1' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: /Photo 1 of 1/ })).toBeVisible();
    await expect
      .poll(() => dialog.getByRole('img', { name: /Photo 1 of 1/ }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByText('Show the weights as a table').click();
    // Today's weighing joins the ones recorded before (the seed's), each a row with its age in days.
    const today = formatDay(new Date().toISOString().slice(0, 10));
    await expect(
      page
        .getByRole('table', { name: `${puppy}'s weights` })
        .getByRole('row')
        .filter({ hasText: today }),
    ).toContainText('1 lb 8 oz');

    const checklist = page.getByRole('group', { name: 'Go-home checklist' });
    // The tick is saved on the server; wait for the box to show it rather than expecting it within the click.
    await checklist.getByRole('checkbox', { name: 'Collar, leash and ID tag' }).click();
    await expect(checklist.getByRole('checkbox', { name: 'Collar, leash and ID tag' })).toBeChecked();
    await expect(page.getByText('1 of 5 done')).toBeVisible();
    await checklist.getByRole('checkbox', { name: /A crate/ }).click();
    await expect(checklist.getByRole('checkbox', { name: /A crate/ })).toBeChecked();
    await expect(page.getByText('2 of 5 done')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Go-home checklist' }).getByRole('checkbox', { name: 'Collar, leash and ID tag' }),
    ).toBeChecked();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Puppy contract' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contract.pdf');

    expect(await axe(page)).toEqual([]);
  });

  test('the account page passes axe in the dark theme too, and the header menu leads to it', async ({ browser }) => {
    const phone = test.info().project.name === 'mobile';
    const page = await newPage(browser, server.base, 'dark');
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: 'Username' }).fill(`family-${phone ? 'm' : 'd'}`);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    // Signing in moves on from /auth; the menu is opened once the page it lands on is there.
    await expect(page).not.toHaveURL(/\/auth/);
    if (phone) {
      const account = page.getByRole('group', { name: 'Account' });
      await expect(async () => {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await expect(account).toBeVisible({ timeout: 2000 });
      }).toPass();
      await account.getByRole('link', { name: 'My Family' }).click();
    } else {
      await page.getByRole('button', { name: /^Account:/ }).click();
      await page.getByRole('menuitem', { name: 'My Family' }).click();
    }
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: /Welcome/, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /growth/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });
});
