// The breeder runs the site from /admin, on a laptop and on a phone: litters and puppies with an
// uploaded photo, quick status changes, gallery order, the inbox, site settings; axe-clean screens.
import { usePrivateServer } from './private-server.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, waitsForApp, type APIRequestContext, type Page } from './fixtures.ts';
import { expectToast, isPhone, openSection, signInAdmin, ADMIN } from './admin-fixture.ts';
import { gpsVideo } from '../src/server/testing/uploads.ts';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';

async function axeViolations(page: Page, screen: string): Promise<string[]> {
  // The dashboard itself (the site header and footer around it have their own journeys), plus the
  // dialogs and toasts Mantine portals to the end of <body>.
  const results = await new AxeBuilder({ page })
    .include('[data-admin-dashboard]')
    .include('[data-portal], [data-mantine-shared-portal-node]')
    .analyze();
  return results.violations.map((v) => `${screen} › ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function isoDaysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** "February 5, 2027", as the public site writes a YYYY-MM-DD date. */
function longDate(iso: string) {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

test.describe('admin dashboard', () => {
  test.describe.configure({ mode: 'serial' });
  // The breeder's edits change what visitors see: run them on a database of their own.
  usePrivateServer({ offset: 60, seed: true });

  test('create a litter and a puppy with an uploaded photo, see both on the home page, then mark the puppy reserved', async ({
    page,
  }, info) => {
    const suffix = info.project.name === 'mobile' ? 'M' : 'D';
    const litterName = `Meadow Litter ${suffix}`;
    const puppyName = `Sunny ${suffix}`;
    await signInAdmin(page);

    await openSection(page, 'Litters');
    await page.getByRole('button', { name: 'Add litter' }).click();
    const litterForm = page.getByRole('form', { name: 'New litter' });
    await litterForm.getByRole('textbox', { name: 'Name' }).fill(litterName);
    // The mother is one of the registry's females; the father one of its males, or an outside sire added inline.
    await litterForm.getByRole('combobox', { name: 'Mother', exact: true }).click();
    await expect(page.getByRole('option', { name: /^Maple/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /^Cooper/ })).toHaveCount(0);
    await page.getByRole('option', { name: /^Maple/ }).click();
    await litterForm.getByRole('combobox', { name: 'Father', exact: true }).click();
    await expect(page.getByRole('option', { name: /^Cooper/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /^Maple/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await litterForm.getByRole('button', { name: 'New sire' }).click();
    await litterForm.getByRole('textbox', { name: 'New sire’s name' }).fill('Sir Visiting');
    await litterForm.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(litterForm.getByRole('combobox', { name: 'Father', exact: true })).toHaveValue('Sir Visiting');
    const born = isoDaysAgo(21);
    await litterForm.getByLabel('Birth date').fill(born);
    await litterForm.getByRole('textbox', { name: 'Puppy count' }).fill('5');
    await litterForm.getByRole('button', { name: 'Add litter' }).click();
    await expectToast(page, 'Litter added');
    // Back on the list at the new litter: in view, focused and highlighted; its date as the public site writes it.
    const litterRow = page.getByRole('list', { name: 'Litters' }).getByRole('listitem').filter({ hasText: litterName });
    await expect(litterRow).toBeInViewport();
    await expect(litterRow).toBeFocused();
    await expect(litterRow).toHaveAttribute('data-saved');
    await expect(litterRow).toContainText('Maple × Sir Visiting');
    await expect(litterRow.locator(`time[datetime="${born}"]`)).toHaveText(longDate(born));

    await openSection(page, 'Puppies');
    await page.getByRole('button', { name: 'Add puppy' }).click();
    const form = page.getByRole('form', { name: 'New puppy' });
    // The form checks the shared schema before sending anything.
    await form.getByRole('button', { name: 'Add puppy' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Name' }).fill(puppyName);
    await form.getByRole('textbox', { name: 'Color' }).fill('Golden');
    await form.getByRole('textbox', { name: 'Price (USD)' }).fill('2750');
    await form.getByRole('combobox', { name: 'Litter' }).click();
    await page.getByRole('option', { name: litterName }).click();
    await form.getByRole('combobox', { name: 'Energy Level' }).click();
    await page.getByRole('option', { name: 'High' }).click();

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d9a441' } })
      .jpeg()
      .toBuffer();
    // Hold the server's answer a moment so the progress display can be seen.
    await page.route('**/api/admin/media', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const second = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a0e' } })
      .jpeg()
      .toBuffer();
    // Several photos in one drop, each with its own progress, added in the order dropped.
    await form.getByLabel('Upload add photos').setInputFiles([
      { name: 'sunny.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'napping.jpg', mimeType: 'image/jpeg', buffer: second },
    ]);
    await expect(form.getByRole('progressbar', { name: 'Upload progress for sunny.jpg' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(form.getByText('2 of 2 added')).toBeVisible();
    const set = form.getByRole('list', { name: 'Photos: in order' });
    await expect(set.getByRole('listitem')).toHaveCount(2);
    const [sunnyUrl, nappingUrl] = await set
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.split('?')[0]!.replace(location.origin, '')));
    expect(sunnyUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.jpg$/);
    // The second becomes the first: the card's picture.
    await set.getByRole('button', { name: 'Move photo 2 up' }).click();
    await expect(set.getByRole('listitem').first()).toContainText('Photo 1 (shown on the puppy’s card)');
    await expect(set.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', new RegExp(`^${nappingUrl}\\?w=`));

    await form.getByRole('button', { name: 'Add puppy' }).click();
    await expectToast(page, 'Puppy added');
    const row = page.getByRole('list', { name: 'Puppies' }).getByRole('listitem').filter({ hasText: puppyName });
    await expect(row).toContainText(litterName);
    await expect(row).toContainText('$2,750');

    await page.goto('/');
    const puppies = page.locator('section#puppies');
    const card = puppyCard(page, puppyName);
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Available', { exact: true })).toBeVisible();
    // The first photo of the set, served from /uploads at a responsive width.
    await expect(card.locator(`img[alt^="${puppyName},"]`)).toHaveAttribute('src', new RegExp(`^${nappingUrl}\\?w=`));
    const litters = puppies.getByRole('region', { name: 'Our Litters' });
    await litters.scrollIntoViewIfNeeded();
    await expect(litters.getByText(litterName, { exact: true })).toBeVisible();
    await expect(litters.getByRole('button', { name: `View Puppies from the ${litterName}` })).toBeVisible();

    // Quick status change from the list.
    await page.goto('/admin');
    await openSection(page, 'Puppies');
    const listed = page.getByRole('list', { name: 'Puppies' }).getByRole('listitem').filter({ hasText: puppyName });
    await listed.getByRole('combobox', { name: `Status of ${puppyName}` }).click();
    await page.getByRole('option', { name: 'Reserved' }).click();
    await expectToast(page, 'Status updated');
    await expect(listed.getByText('Reserved', { exact: true }).first()).toBeVisible();

    await page.goto('/');
    const reservedCard = puppyCard(page, puppyName);
    await reservedCard.scrollIntoViewIfNeeded();
    await expect(reservedCard.getByText('Reserved', { exact: true })).toBeVisible();
  });

  test('reorder the gallery with the move buttons and by keyboard drag; the public gallery follows', async ({ page, request }) => {
    await signInAdmin(page);
    await openSection(page, 'Gallery');
    const list = page.getByRole('list', { name: 'Gallery images in display order' });
    const titles = () => list.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const before = await titles();

    await list.getByRole('button', { name: `Move ${before[1]} up` }).click();
    await expectToast(page, 'Gallery order saved');
    const swapped = [before[1], before[0], ...before.slice(2)];
    await expect.poll(titles).toEqual(swapped);
    await expect
      .poll(async () => ((await (await request.get('/api/gallery')).json()) as Array<{ title: string }>).map((g) => g.title))
      .toEqual(swapped);

    // dnd-kit's keyboard sensor: Space picks up, arrow moves, Space drops.
    const handle = list.getByRole('button', { name: `Drag to reorder ${swapped[0]}` });
    const announcer = page.locator('[id^="DndLiveRegion"]');
    // dnd-kit's keyboard sensor scrolls the page instead of moving when the next place lies below the middle of the
    // screen, and finds where it is over only once that smooth scroll has ended: on a phone the list starts low, so the
    // row goes to the top of the screen first and the next row is well above the middle.
    await handle.evaluate((el) => el.closest('li')!.scrollIntoView({ block: 'start' }));
    await handle.focus();
    await page.keyboard.press('Space');
    // "Picked up" comes first; "is now at position 1" once dnd-kit has measured where it is over, and only then can an
    // arrow key find the next place (pressed earlier, on a busy machine, the key found nothing to move to).
    await expect(announcer).toHaveText(`${swapped[0]} is now at position 1 of ${before.length}.`);
    await page.keyboard.press('ArrowDown');
    await expect(announcer).toHaveText(`${swapped[0]} is now at position 2 of ${before.length}.`);
    await page.keyboard.press('Space');
    await expect(announcer).toHaveText(`${swapped[0]} dropped at position 2.`);
    await expect.poll(titles).toEqual(before);
    await expect
      .poll(async () => ((await (await request.get('/api/gallery')).json()) as Array<{ title: string }>).map((g) => g.title))
      .toEqual(before);

    await page.goto('/');
    const gallery = page.locator('section#gallery');
    await gallery.scrollIntoViewIfNeeded();
    await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', new RegExp(before[0]!));
  });

  test('the inbox shows a new inquiry as unread, opens it, replies by e-mail link and changes its status', async ({
    page,
    request,
    baseURL,
  }, info) => {
    const name = `Family ${info.project.name}`;
    await postInquiry(request, baseURL!, name, info.project.name);

    await signInAdmin(page);
    await expect(
      page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: /^Inbox\s*\d+ unread/ }),
    ).toBeAttached();
    await openSection(page, 'Inbox');
    const inbox = page.getByRole('list', { name: 'Inquiries, newest first' });
    const item = inbox.getByRole('listitem').filter({ hasText: name }).getByRole('button');
    await expect(item).toContainText('Unread:');
    await expect(item).toContainText('New');
    await item.click();
    await expect(page.getByRole('heading', { name: `Inquiry from ${name}` })).toBeVisible();
    const reply = page.getByRole('link', { name: 'Reply by e-mail' });
    await expect(reply).toHaveAttribute(
      'href',
      new RegExp(`^mailto:family\\.${info.project.name}@example\\.com\\?subject=Re%3A%20Your%20inquiry`),
    );

    const form = page.getByRole('form', { name: 'Status and notes' });
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await form.getByRole('textbox', { name: 'Private notes' }).fill('Called them back, spring litter fits.');
    await form.getByRole('button', { name: 'Save status and notes' }).click();
    await expectToast(page, 'Inquiry updated');

    // The Inbox link in the navigation, with the inquiry still open, goes back to the list.
    await openSection(page, 'Inbox');
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await expect(item).toContainText('In progress');
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(item.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    await expect(item).not.toContainText('Unread:');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    // Only in-progress inquiries are listed (the other viewport's run may have added one of its own).
    await expect(inbox.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
    await expect(inbox.getByRole('listitem').filter({ hasNotText: 'In progress' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/inquiries.csv?status=in_progress');
    const csv = await request.get('/api/admin/inquiries.csv?status=in_progress', { headers: { cookie: await cookieHeader(page) } });
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(name);
  });

  test('edit the phone number in the site settings and see it in the contact card; unsaved changes warn first', async ({ page }, info) => {
    const phone = info.project.name === 'mobile' ? '(719) 555-0177' : '(719) 555-0188';
    await signInAdmin(page);
    await openSection(page, 'Site settings');
    const form = page.getByRole('form', { name: 'Contact details' });
    await form.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await expect(form.getByRole('button', { name: 'Save contact details' })).toBeInViewport();

    // Leaving with unsaved changes asks first; keep editing.
    if (isPhone(page)) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: /^Today/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    // Every dialog's close button has a name (the theme gives Mantine's one).
    await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);

    await form.getByRole('button', { name: 'Save contact details' }).click();
    await expectToast(page, 'Contact details saved');

    await page.goto('/');
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    await expect(contact.getByRole('link', { name: phone })).toBeVisible();
  });

  test('a puppy’s video: the breeder adds one, and a family finds it in the puppy’s details with controls, muted until played', async ({
    page,
    browser,
  }) => {
    await signInAdmin(page);
    await page.goto('/admin/puppies');
    await page.getByRole('list', { name: 'Puppies' }).getByRole('button', { name: 'Edit Biscuit' }).click();
    const form = page.getByRole('form', { name: 'Edit Biscuit' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
    try {
      await form
        .getByLabel('Upload video (optional)')
        .setInputFiles({ name: 'biscuit-playing.mp4', mimeType: 'video/mp4', buffer: gpsVideo(dir) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await expect(form.getByLabel('Video (optional): current video')).toBeVisible();
    await form.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'saved' }).first()).toBeVisible();

    const visitor = waitsForApp(await browser.newPage({ baseURL: page.url().replace(/\/admin.*$/, '') }));
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'View details for Biscuit' }).click();
    const video = visitor.getByRole('dialog', { name: 'Biscuit' }).getByLabel('Video of Biscuit');
    await expect(video).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => ({ controls: v.controls, muted: v.muted, autoplay: v.autoplay }))).toEqual({
      controls: true,
      muted: true,
      autoplay: false,
    });
    // The file is served for streaming: a player's range request gets just that range.
    const src = (await video.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/[0-9a-f-]+\.mp4$/);
    const part = await visitor.request.get(src, { headers: { range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-type']).toBe('video/mp4');
    expect((await part.body()).length).toBe(100);
    await visitor.close();
  });

  test('a section is a page: deep link, reload, and the back button returns to the previous section', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/puppies');
    await expect(page.getByRole('heading', { name: 'Puppies', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Puppies' }).getByRole('listitem').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Puppies', level: 2 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Puppies' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // An editor has an address of its own too.
    await page.getByRole('button', { name: 'Add puppy' }).click();
    await expect(page).toHaveURL(/\/admin\/puppies\?edit=new$/);
    await expect(page.getByRole('form', { name: 'New puppy' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/puppies$/);
    await expect(page.getByRole('list', { name: 'Puppies' })).toBeVisible();

    // With a puppy's editor open, the section's own link in the navigation goes back to its list.
    await page
      .getByRole('list', { name: 'Puppies' })
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/puppies\?edit=\d+$/);
    await openSection(page, 'Puppies');
    await expect(page).toHaveURL(/\/admin\/puppies$/);
    await expect(page.getByRole('list', { name: 'Puppies' })).toBeVisible();

    await openSection(page, 'Litters');
    await expect(page).toHaveURL(/\/admin\/litters$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/puppies$/);
    await expect(page.getByRole('heading', { name: 'Puppies', level: 2 })).toBeVisible();
  });

  test(
    'the back office has its own chrome: its header with View site and Logout, no public header or footer, one menu on a phone',
    { tag: '@both' },
    async ({ page }) => {
      await signInAdmin(page);
      await openSection(page, 'Puppies');
      // None of the public site's chrome: no site navigation, footer or newsletter form.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open navigation menu' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: /email/i })).toHaveCount(0);
      // The dashboard header stays on top of the page after scrolling: nothing paints over it.
      await page.mouse.wheel(0, 1500);
      const title = page.getByRole('heading', { name: 'Admin Dashboard', level: 1 });
      await expect(title).toBeInViewport();
      const box = (await title.boundingBox())!;
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('h1')?.textContent ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toBe('Admin Dashboard');
      // One menu button on a phone (the dashboard's), none on a laptop.
      await expect(page.getByRole('button', { name: /menu$/ }).filter({ visible: true })).toHaveCount(isPhone(page) ? 1 : 0);
      if (isPhone(page)) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      const viewSite = page.getByRole('link', { name: 'View site' }).filter({ visible: true });
      await expect(viewSite).toHaveCount(1);
      await viewSite.click();
      await expect(page).toHaveURL(/\/$/);
      // Back on the public site, its header and footer are there again.
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.goto('/admin');
      if (isPhone(page)) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
      await expect(page).toHaveURL(/\/auth/);
    },
  );

  test.describe('the keyboard from the first paint', () => {
    // The journey holds the app's code back; the dashboard's service worker would serve it from its cache instead.
    test.use({ serviceWorkers: 'block' });

    test(
      'Tab pressed at once walks the dashboard’s header and section links, and hydration keeps focus where it is',
      { tag: '@both' },
      async ({ page }) => {
        await signInAdmin(page);
        const hydrationErrors: string[] = [];
        page.on('console', (m) => void (m.type() === 'error' && /hydrat/i.test(m.text()) && hydrationErrors.push(m.text())));
        // The app's code held back: what the keyboard reaches meanwhile is the page the server sent.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/.*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto('/admin', { waitUntil: 'commit' });
        await page.waitForFunction(() => document.readyState !== 'loading');
        /** Presses Tab; says where focus went, whether it moved forward in the page, and whether it is in the chrome. */
        const tab = async () => {
          await page.keyboard.press('Tab');
          return page.evaluate(() => {
            const w = window as { lastFocus?: Element };
            const el = document.activeElement ?? document.body;
            const forward = !w.lastFocus || !!(w.lastFocus.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
            w.lastFocus = el;
            const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
            return {
              where: el === document.body ? 'body' : `${el.tagName.toLowerCase()} ${name}`,
              forward,
              chrome: !!el.closest('header, nav, .skip-link') || el.matches('.skip-link'),
            };
          });
        };
        // A laptop's chrome has the header's links and every section's; a phone's the skip link and the menu button.
        const before = isPhone(page) ? 2 : 5;
        for (let i = 0; i < before; i++) expect(await tab()).toMatchObject({ forward: true, chrome: true });
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
        release();
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
        // The element the keyboard reached before the code ran is still the one focused (hydration kept it).
        expect(
          await page.evaluate(
            () => (window as { lastFocus?: Element }).lastFocus === document.activeElement && document.activeElement !== document.body,
          ),
        ).toBe(true);
        await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
        // And the next Tab goes on from there: the next section link, or on a phone into the section.
        expect(await tab()).toMatchObject({ forward: true });
        expect((await tab()).where).not.toBe('body');
        expect(hydrationErrors).toEqual([]);
      },
    );
  });

  test('an admin signing in from /auth itself lands on the dashboard', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
    await form.locator('input[type=password]').fill(ADMIN.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
  });

  test('several gallery photos in one drop upload side by side, each with its progress, and are added in the order dropped', async ({
    page,
  }, info) => {
    const names = ['first', 'second', 'third'].map((n) => `${n}-${info.project.name}.jpg`);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8fb996' } })
      .jpeg()
      .toBuffer();
    // The first file's upload is answered last: the order must still be the order dropped.
    await page.route('**/api/admin/media', async (route) => {
      const first = (route.request().postDataBuffer() ?? Buffer.alloc(0)).includes(names[0]!);
      await new Promise((resolve) => setTimeout(resolve, first ? 2500 : 1000));
      await route.continue();
    });
    await signInAdmin(page);
    await openSection(page, 'Gallery');
    await page
      .getByLabel('Upload new gallery photos')
      .setInputFiles(names.map((name) => ({ name, mimeType: 'image/jpeg', buffer: photo })));
    const uploads = page.getByRole('list', { name: 'New gallery photos: uploads' });
    await expect(uploads.getByRole('listitem')).toHaveText(names.map((n) => new RegExp(`^${n}`)));
    for (const name of names) await expect(uploads.getByRole('progressbar', { name: `Upload progress for ${name}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'of 3 added' })).toHaveText('3 of 3 added', { timeout: 20_000 });
    await expect(uploads.getByRole('listitem')).toHaveText(names.map((n) => new RegExp(`^${n}.*Added$`)));

    const titles = names.map((n) => n.replace('.jpg', '').replace('-', ' ')).map((t) => t.charAt(0).toUpperCase() + t.slice(1));
    const list = page.getByRole('list', { name: 'Gallery images in display order' });
    await expect
      .poll(async () =>
        (await list.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents()).filter((t) => titles.includes(t)),
      )
      .toEqual(titles);
  });

  test(
    'site settings come in sections whose save stays on screen while editing, on a phone too',
    { tag: '@both' },
    async ({ page }, info) => {
      await signInAdmin(page);
      await openSection(page, 'Site settings');
      const faq = page.getByRole('form', { name: 'Frequently asked questions' });
      const answer = `We answer within a day (${info.project.name}).`;
      await faq.getByRole('textbox', { name: 'Answer 1' }).fill(answer);
      await expect(faq.getByText('Unsaved changes')).toBeVisible();
      const save = faq.getByRole('button', { name: 'Save FAQ' });
      await expect(save).toBeInViewport();
      await faq.getByRole('button', { name: 'Move question 1 down' }).click();
      await expect(faq.getByRole('textbox', { name: 'Answer 2' })).toHaveValue(answer);
      await save.click();
      await expectToast(page, 'Frequently asked questions saved');
      await expect(faq.getByText('Unsaved changes')).toHaveCount(0);
      // The other sections were not touched and hold nothing unsaved.
      await expect(page.getByRole('form', { name: 'Contact details' }).getByRole('button', { name: 'Undo' })).toBeDisabled();
    },
  );

  // Every section's screen is swept in both themes by themes.spec.ts; these are the open states it does not reach.
  test('an open inquiry and the new gallery image form pass axe', async ({ page, request, baseURL }, info) => {
    await postInquiry(request, baseURL!, `Axe Family ${info.project.name}`);
    await signInAdmin(page);
    await openSection(page, 'Inbox');
    await page.getByRole('list', { name: 'Inquiries, newest first' }).getByRole('button').first().click();
    await expect(page.getByRole('form', { name: 'Status and notes' })).toBeVisible();
    const violations = await axeViolations(page, 'an inquiry');
    await openSection(page, 'Gallery');
    await page.getByRole('button', { name: 'Add image' }).click();
    await expect(page.getByRole('form', { name: 'New image' })).toBeVisible();
    violations.push(...(await axeViolations(page, 'the gallery image form')));
    expect(violations).toEqual([]);
  });

  // Last in this block: it adds 55 dogs to the registry of this block's own server.
  test('a search with more than a page of matches offers the next page and pages on to the rest (decision 133) @phone', async ({
    page,
  }) => {
    await signInAdmin(page);
    const origin = new URL(page.url()).origin;
    for (let i = 1; i <= 55; i++) {
      const made = await page.request.post('/trpc/admin.parents.createAncestor', {
        headers: { origin, 'content-type': 'application/json' },
        data: { name: `Pagewalk ${String(i).padStart(2, '0')}`, gender: i % 2 ? 'female' : 'male' },
      });
      expect(made.ok()).toBe(true);
    }
    await openSection(page, 'Dogs');
    await page.getByRole('textbox', { name: 'Search dogs' }).fill('pagewalk');
    const list = page.getByRole('list', { name: 'Dogs' });
    // A search is counted as far as its page: one page more is offered, and the next goes on where this one ends.
    await expect(list.getByRole('listitem')).toHaveCount(50);
    await expect(list.getByRole('listitem').first()).toContainText('Pagewalk 01');
    await page.getByRole('button', { name: 'Dogs, page 2' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(list.getByRole('listitem').first()).toContainText('Pagewalk 51');
    await expect(page.getByRole('button', { name: 'Dogs, page 3' })).toHaveCount(0);
  });
});

/** A puppy's card in the home page's Our Puppies grid. */
function puppyCard(page: Page, name: string) {
  return page
    .locator('section#puppies')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `View details for ${name}` }) });
}

async function postInquiry(request: APIRequestContext, origin: string, name: string, project = 'axe') {
  const sent = await request.post('/api/inquiries', {
    headers: { origin, 'content-type': 'application/json' },
    data: { name, email: `family.${project}@example.com`, interest: 'waitlist', message: 'We would love to join the waitlist for spring.' },
  });
  expect(sent.ok()).toBe(true);
}

async function cookieHeader(page: Page) {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}
