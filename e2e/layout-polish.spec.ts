// Header, navigation and general polish (issue 29): Login only for visitors who are not signed in, a header
// that never wraps, truncates or overflows at any width signed out, as a family or as the admin, and more.
import { atRest, expect, test, waitsForApp, type Locator, type Page } from './fixtures.ts';
import { signInAdmin, openSection } from './admin-fixture.ts';
import { usePrivateServer } from './private-server.ts';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';

const PASSWORD = 'sunny-porch-swing-29';
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;

/** Registers a family through the form (and its e-mail field, when the form asks for one); signed in after. */
async function registerFamily(page: Page, username: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  const email = form.getByRole('textbox', { name: /e-?mail/i });
  if ((await email.count()) > 0) await email.first().fill(`${username}@example.com`);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * What is wrong with the header as drawn: an element whose content is wider than its box (cut or
 * ellipsised), a link or button of the bar whose text runs over two lines, anything outside the
 * screen, and the page itself wider than the screen.
 */
function headerFaults(page: Page) {
  return page.evaluate(() => {
    const faults: string[] = [];
    const header = document.getElementById('header')!;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const shown = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false; // visually hidden text for screen readers
      for (let a: HTMLElement | null = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return false;
      }
      return true;
    };
    const bar = header.firstElementChild as HTMLElement;
    for (const el of Array.from(bar.querySelectorAll<HTMLElement>('*'))) {
      if (!(el instanceof HTMLElement) || !shown(el)) continue;
      const s = getComputedStyle(el);
      // An element marked data-ellipsis ends a long name in "…" on purpose (the account button; its accessible name is whole).
      const clips = (s.overflowX !== 'visible' || s.textOverflow === 'ellipsis') && !el.hasAttribute('data-ellipsis');
      if (clips && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        faults.push(`cut: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > window.innerWidth + 1)
        faults.push(`off screen: ${name(el)} ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    // The bar's items side by side, none drawn over another.
    const items = Array.from(bar.querySelectorAll<HTMLElement>(':scope > *, nav > *')).filter((el) => el.tagName !== 'NAV' && shown(el));
    items.forEach((a, i) =>
      items.slice(i + 1).forEach((b) => {
        const [ra, rb] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1)
          faults.push(`overlap: ${name(a)} and ${name(b)}`);
      }),
    );
    // Each link and button of the bar on one line: its text's line boxes share one top.
    for (const el of Array.from(bar.querySelectorAll<HTMLElement>('a, button'))) {
      if (!shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 1 && r.height > 1)
          .map((r) => Math.round(r.top + r.height / 2)),
      );
      const lines = Array.from(tops).sort((a, b) => a - b);
      if (lines.length > 1 && lines[lines.length - 1]! - lines[0]! > 8) faults.push(`wraps: ${name(el)}`);
      if (el.getBoundingClientRect().height > 48) faults.push(`tall: ${name(el)} ${Math.round(el.getBoundingClientRect().height)} px`);
    }
    if (bar.getBoundingClientRect().height > 72) faults.push(`bar is ${Math.round(bar.getBoundingClientRect().height)} px tall`);
    if (document.documentElement.scrollWidth > window.innerWidth)
      faults.push(`page is ${document.documentElement.scrollWidth} px wide on a ${window.innerWidth} px screen`);
    return faults;
  });
}

// Both sides of SPEC's 768 px breakpoint, and of the compact bar's own steps (1024 and 1280 px).
const WIDTHS = [320, 390, 767, 768, 1023, 1024, 1199, 1279, 1280, 1366, 1440, 1920];

// Widths are set one by one: run on the desktop project only (the phone project leaves out @desktop).
test.describe('the header at every width', { tag: '@desktop' }, () => {
  async function sweep(page: Page) {
    const faults: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Every page has this header; a short page loads it without the home page's video and galleries.
      await page.goto('/privacy-policy');
      await expect(page.locator('#header')).toBeVisible();
      // SPEC §2, §9: the horizontal navigation with its two dropdowns from 768 px, the toggled menu below.
      const main = page.getByRole('navigation', { name: 'Main' });
      const toggle = page.getByRole('button', { name: 'Open navigation menu' });
      if (width >= 768) {
        await expect(toggle).toBeHidden();
        await expect(main.getByRole('button', { name: 'Our Doodles' })).toBeVisible();
        await expect(main.getByRole('button', { name: 'Resources' })).toBeVisible();
      } else {
        await expect(toggle).toBeVisible();
        await expect(main).toBeHidden();
      }
      // The fonts the page uses are in before measuring.
      await page.evaluate(() => document.fonts.ready);
      for (const f of await headerFaults(page)) faults.push(`${width}px: ${f}`);
    }
    expect(faults).toEqual([]);
  }

  test('signed out: nothing in the header wraps, is cut or overflows from 320 to 1920 px', async ({ page }) => {
    await sweep(page);
  });

  test('as a family: nothing in the header wraps, is cut or overflows from 320 to 1920 px', async ({ page }) => {
    await registerFamily(page, unique('family'));
    await sweep(page);
  });

  test('as a family with a 30-character username: nothing in the header wraps, is cut or overflows from 320 to 1920 px', async ({
    page,
  }) => {
    // Issue 45: at 1280 and 1366 px the page ran sideways off the screen with such a name.
    const username = unique('family').padEnd(30, 'x');
    await registerFamily(page, username);
    await sweep(page);
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: `Account: ${username}` })).toBeVisible();
  });

  test('as the admin: nothing in the header wraps, is cut or overflows from 320 to 1920 px', async ({ page }) => {
    await signInAdmin(page);
    await sweep(page);
  });
});

test('Login is for visitors who are not signed in: a signed-in family has its account menu instead, on every width', async ({ page }) => {
  const phone = test.info().project.name === 'mobile';
  await page.goto('/');
  if (phone) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login' })).toBeVisible();
  } else {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  }

  const username = unique('family');
  await registerFamily(page, username);
  await page.goto('/');
  if (phone) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const account = menu.getByRole('group', { name: 'Account' });
    await expect(account).toContainText(`Signed in as ${username}`);
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
    // My Family and Logout line up: their text starts at the same x.
    const textLeft = (name: string) =>
      account.getByRole(name === 'Logout' ? 'button' : 'link', { name }).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return Math.round(range.getBoundingClientRect().left);
      });
    expect(await textLeft('Logout')).toBe(await textLeft('My Family'));
    await account.getByRole('link', { name: 'My Family' }).click();
    await expect(page).toHaveURL(/\/account$/);
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: `Account: ${username}` })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    // From 768 px the bar holds the account menu (as its icon from 768 to 1279 px, named by the family's name); no Login.
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
      await expect(nav.getByRole('button', { name: `Account: ${username}` })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    }
    await page.setViewportSize({ width: 1920, height: 1000 });
    await nav.getByRole('button', { name: `Account: ${username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'My Family' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  }
});

/** A one-finger swipe through Chromium's touch input (pointer events with pointerType 'touch'). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const x0 = box.x + box.width / 2 - dx / 2;
  const y0 = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const at = (k: number) => [{ x: x0 + dx * k, y: y0, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// A finger on a phone: run on the phone project only (the desktop project leaves out @phone).
test.describe('the portal update lightbox on a phone', { tag: '@phone' }, () => {
  test.describe.configure({ mode: 'serial' });
  const server = usePrivateServer({ offset: 93, seed: true });

  test('a sideways swipe turns the photos of a family update, as in the gallery; the arrow keys too', async ({ page, browser }) => {
    test.setTimeout(180_000);
    // The breeder gives the demo family a password and posts an update with two photos for its puppy.
    const adminContext = await browser.newContext({ ...(test.info().project.use as object), baseURL: server.base });
    await adminContext.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
    const admin = waitsForApp(await adminContext.newPage());
    await signInAdmin(admin, '/admin');
    await openSection(admin, 'Users');
    await admin.getByRole('button', { name: 'Reset password of parkers' }).click();
    await admin.getByRole('dialog').getByLabel('New password').fill(PASSWORD);
    await admin.getByRole('dialog').getByRole('button', { name: 'Set new password' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Password reset' }).first()).toBeVisible();
    await admin.goto('/admin/families');
    await expect(admin.getByRole('heading', { name: 'Families', level: 2, exact: true })).toBeVisible();
    const post = admin.getByRole('form', { name: 'Post an update' });
    await post.getByRole('combobox', { name: 'For', exact: true }).click();
    await admin
      .getByRole('listbox', { name: 'For', exact: true })
      .getByRole('option', { name: /parkers/i })
      .first()
      .click();
    const photo = (background: string) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .jpeg()
        .toBuffer();
    await post.getByLabel('Upload photos').setInputFiles([
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await photo('#c08040') },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await photo('#4080c0') },
    ]);
    await expect(post.getByText('2 of 2 added')).toBeVisible();
    // Each file's status ("Added") reads at AA in the dark theme (it was 1.7:1).
    await expect(post.getByRole('list', { name: 'Photos: uploads' }).getByText('Added')).toHaveCount(2);
    const contrast = await new AxeBuilder({ page: admin })
      .include('form[aria-label="Post an update"] ol')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await post.getByRole('textbox', { name: "What's new" }).fill('Two photos from the garden today.');
    await post.getByRole('button', { name: 'Post update' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Update posted' }).first()).toBeVisible();
    await admin.context().close();

    // The family, on its phone, opens the first photo and swipes.
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: 'Username' }).fill('parkers');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/account');
    const update = page.getByRole('article').filter({ hasText: 'Two photos from the garden today.' });
    await update.getByRole('button', { name: 'Open photo 1 of 2' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: /^Photo 1 of 2/ })).toBeVisible();
    await atRest(page);
    const picture = dialog.getByRole('img', { name: /^Photo \d of 2/ });
    await swipe(page, picture, -160);
    await expect(dialog.getByRole('img', { name: /^Photo 2 of 2/ })).toBeVisible();
    await swipe(page, picture, 160);
    await expect(dialog.getByRole('img', { name: /^Photo 1 of 2/ })).toBeVisible();
    await swipe(page, picture, 160); // wraps to the last
    await expect(dialog.getByRole('img', { name: /^Photo 2 of 2/ })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('img', { name: /^Photo 1 of 2/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

// The same sidebar sits behind the menu button on a phone: the desktop project runs it.
test('the admin sidebar marks only the section shown as current, not Today as well', { tag: '@desktop' }, async ({ page }) => {
  await signInAdmin(page, '/admin');
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  await expect(sections.locator('[aria-current="page"]')).toHaveText(['Today']);
  for (const name of ['Puppies', 'Inbox', 'Site settings']) {
    await sections.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await expect(page).toHaveURL(/\/admin\/.+/);
    const current = sections.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText(name);
    // Today is drawn like every other section that is not shown.
    const overview = sections.getByRole('link', { name: 'Today' });
    const other = sections.getByRole('link', { name: 'Gallery' });
    expect(await overview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      await other.evaluate((el) => getComputedStyle(el).backgroundColor),
    );
  }
});

// The two paths are forced on the laptop: the desktop project runs it.
test.describe('sharing a puppy', { tag: '@desktop' }, () => {
  test('where the browser cannot share, the Share button copies the link and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'View details for Biscuit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Biscuit' });
    await dialog.getByRole('button', { name: 'Share Biscuit' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/\?puppy=\d+$/);
    // The link opens that puppy's details.
    await page.goto(copied);
    await expect(page.getByRole('dialog', { name: 'Biscuit' })).toBeVisible();
  });

  test('where the browser can share (a phone), the Share button opens its share sheet with the link', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as { shared?: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'View details for Biscuit' }).click();
    await page.getByRole('dialog', { name: 'Biscuit' }).getByRole('button', { name: 'Share Biscuit' }).click();
    await expect.poll(() => page.evaluate(() => (window as { shared?: ShareData }).shared?.url ?? '')).toMatch(/\/\?puppy=\d+$/);
    expect(await page.evaluate(() => (window as { shared?: ShareData }).shared?.title)).toBe('Biscuit');
  });
});

test('on a phone a toast shows at the top of the screen, clear of the form controls at the bottom', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Login' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Login failed' }).first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height / 2);
  // Below the header: the menu button and the brand stay uncovered (issue 45).
  const header = (await page.locator('#header').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  await page.getByRole('button', { name: 'Open navigation menu' }).click({ trial: true });
});

test('the hero video’s pause button sits clear of the feature tiles, on a phone and a laptop', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /(Pause|Play) background video/ });
  await expect(toggle).toBeVisible();
  const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Puppy Culture' }) });
  const [a, b] = [(await toggle.boundingBox())!, (await tile.boundingBox())!];
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `button ${JSON.stringify(a)} over tile ${JSON.stringify(b)}`).toBe(false);
});
