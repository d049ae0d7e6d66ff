// Today on the breeder's phone (issue 34): what needs her, each line a link to where she acts; the dashboard's
// service worker installs, and Today reads offline from the last answer; signing out deletes that private cache.
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { usePrivateServer } from './private-server.ts';
import { fullBrowserLaunchOptions } from './browser.ts';
import { expect, test, waitsForApp } from './fixtures.ts';
import { signInAdminThroughForm } from './admin-fixture.ts';

test.describe('Today', () => {
  const server = usePrivateServer({ offset: 46, seed: true });

  /**
   * A page in the full browser, closed after the journey: for the desktop browser's own services (Background Sync, push
   * messages), which the headless shell that the other journeys run in does not have (e2e/browser.ts).
   */
  async function fullBrowser() {
    const { launchOptions: _shell, ...device } = test.info().project.use;
    const browser = await chromium.launch(fullBrowserLaunchOptions);
    browsers.push(browser);
    const context = await browser.newContext({ ...device, baseURL: server.base });
    return { context, page: waitsForApp(await context.newPage()) };
  }
  const browsers: Browser[] = [];
  test.afterEach(async () => {
    await Promise.all(browsers.splice(0).map((b) => b.close()));
  });

  test('@phone Today lists a new application and an unread inquiry that link where she acts, and reads offline', async ({
    page,
    request,
    context,
  }) => {
    const base = server.base;
    const headers = { origin: base, 'content-type': 'application/json' };
    // A family applies; another writes.
    const username = `today_${Date.now().toString(36)}`;
    expect(
      (
        await request.post(`${base}/api/register`, {
          headers,
          data: { username, email: `${username}@example.com`, password: 'early-bird-puppy-22', confirmPassword: 'early-bird-puppy-22' },
        })
      ).status(),
    ).toBe(201);
    const applied = await request.post(`${base}/api/applications`, {
      headers,
      data: {
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        location: 'Boulder, CO',
        household: 'Two adults',
        allergies: 'no',
        homeType: 'house',
        ownership: 'own',
        yard: 'no',
        hoursAlone: 'under2',
        experience: 'now',
        experienceDetails: 'We have a poodle and love the breed.',
        size: 'mini',
        gender: 'female',
        color: 'red',
        timing: 'asap',
        heardAbout: 'friend',
        idempotencyKey: `today-${username}`,
      },
    });
    expect(applied.status()).toBe(201);
    await request.post(`${base}/api/logout`, { headers });
    expect(
      (
        await request.post(`${base}/api/inquiries`, {
          headers,
          data: { name: 'Pat Morgan', email: 'pat@example.com', interest: 'available', message: 'Is Biscuit still looking for a home?' },
        })
      ).ok(),
    ).toBe(true);

    await signInAdminThroughForm(page, '/admin');
    await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
    const needs = page.getByRole('list', { name: 'Needs you' });
    await expect(needs.getByRole('link', { name: /^New application from Jamie Rivera/ })).toBeVisible();
    const inquiry = needs.getByRole('link', { name: /^Unread inquiry from Pat Morgan/ });
    await expect(inquiry).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Coming up', level: 3 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent activity', level: 3 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent activity' }).getByRole('link', { name: /^Jamie Rivera applied/ })).toBeVisible();
    // One column on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = (await inquiry.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);
    // The dark theme too.
    await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await page.reload();
    await expect(inquiry).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('vite-ui-theme'));

    await inquiry.click();
    await expect(page).toHaveURL(/\/admin\/inbox\?edit=\d+$/);
    await expect(page.getByRole('heading', { name: 'Inquiry from Pat Morgan' })).toBeVisible();

    // Installable: the manifest is linked and the service worker takes the dashboard.
    await page.goto('/admin');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin.webmanifest');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled from now on: this load's answers are kept for offline reading.
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(needs.getByRole('link', { name: /^New application from Jamie Rivera/ })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('admin-private')).keys()).some((r) => r.url.includes('admin.today.get'))),
      )
      .toBe(true);

    // The answer kept on the phone: when it was made, as the phone's clock reads it ("5:33 AM").
    const keptAt = await page.evaluate(async () => {
      const cache = await caches.open('admin-private');
      const entry = (await cache.keys()).find((r) => r.url.includes('admin.today.get'))!;
      const at = [...(await (await cache.match(entry))!.text()).matchAll(/"at":"([^"]+)"/g)].at(-1)![1]!;
      return new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    });
    await expect(page.getByText(/^offline, as of/)).toBeHidden();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
    await expect(needs.getByRole('link', { name: /^New application from Jamie Rivera/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^offline, as of/ })).toHaveText(`offline, as of ${keptAt}`);
    await context.setOffline(false);
    await expect(page.getByText(/^offline, as of/)).toBeHidden();

    // Signing out deletes the private answers kept on the phone.
    await page.reload();
    // On a phone Logout is in the dashboard's menu; a laptop shows it beside the sidebar.
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect(await page.evaluate(() => caches.has('admin-private'))).toBe(false);
  });

  test('@desktop a puppy update written without a connection waits on the device and is stored once when it returns', async ({
    page,
    context,
  }) => {
    await signInAdminThroughForm(page, '/admin/families');
    const text = `Teddy found the water bowl (${Date.now().toString(36)}).`;
    const stored = async () => {
      const res = await page.request.get(`/trpc/admin.portal.updates?input=${encodeURIComponent('{}')}`);
      const updates = ((await res.json()) as { result: { data: Array<{ text: string }> } }).result.data;
      return updates.filter((u) => u.text === text).length;
    };
    const post = page.getByRole('form', { name: 'Post an update' });
    await post.getByRole('combobox', { name: 'For', exact: true }).click();
    await page
      .getByRole('listbox', { name: 'For', exact: true })
      .getByRole('option', { name: /^Teddy/ })
      .first()
      .click();
    await post.getByRole('textbox', { name: "What's new" }).fill(text);

    const sent: string[] = [];
    context.on('request', (r) => {
      // The queue's own sends, the page's or the service worker's (the form's first try goes through the batching client).
      if (r.url().endsWith('/trpc/admin.portal.postUpdate') && r.method() === 'POST') sent.push(r.postData() ?? '');
    });
    await context.setOffline(true);
    await post.getByRole('button', { name: 'Post update' }).click();
    const queue = page.getByRole('list', { name: 'Not sent yet' });
    await expect(queue.getByRole('listitem').filter({ hasText: text.slice(0, 40) })).toContainText('Waiting to send');
    await expect(post.getByRole('textbox', { name: "What's new" })).toHaveValue('');

    await context.setOffline(false);
    await expect(queue).toBeHidden();
    await expect.poll(stored).toBe(1);
    // Sent once over the wire, though the page and the service worker's Background Sync both watch the queue.
    expect(sent).toHaveLength(1);
    // A replay of the same request (as a queue may send it twice) stores nothing more.
    const replay = sent.at(-1)!;
    expect(JSON.parse(replay)).toMatchObject({ text, idempotencyKey: expect.any(String) });
    const again = await page.request.post('/trpc/admin.portal.postUpdate', {
      headers: { origin: server.base, 'content-type': 'application/json' },
      data: replay,
    });
    expect(again.ok()).toBe(true);
    expect(await stored()).toBe(1);
    // The update itself (the queue card above lists it as Sent, under its label).
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sent' })).toContainText('Sent');
  });

  test('@phone a big phone photo is made smaller on the phone before it uploads, upright as its EXIF says; a HEIC goes up unchanged', async ({
    page,
  }) => {
    // Decoding and re-encoding megapixels on a shared 2-core machine, then the server's own ingest: more than a minute at worst.
    test.slow();
    // What each upload hands the network: the file in its form (a multipart body's bytes are not in Playwright's events).
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get('file') : null;
        if (file instanceof File)
          ((window as unknown as { uploads: object[] }).uploads ??= []).push({ name: file.name, type: file.type, size: file.size });
        return send.call(this, body);
      };
    });
    const uploads = () =>
      page.evaluate(() => (window as unknown as { uploads?: Array<{ name: string; type: string; size: number }> }).uploads ?? []);
    await signInAdminThroughForm(page, '/admin/families');
    const post = page.getByRole('form', { name: 'Post an update' });
    // An 8-megapixel camera JPEG stored sideways (3200×2400) with EXIF orientation 6: it shows as 2400×3200.
    const camera = await sharp({
      create: { width: 3200, height: 2400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/media') && r.request().method() === 'POST');
    await post.getByLabel('Upload photos').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: camera });
    const res = await uploaded;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { width: number; height: number; size: number };
    // 2560 px on the long edge, portrait: the orientation was applied before the resize, not lost with it.
    expect({ width: body.width, height: body.height }).toEqual({ width: 1920, height: 2560 });
    const [sent] = await uploads();
    expect(sent).toMatchObject({ name: 'camera.jpg', type: 'image/jpeg' });
    expect(sent!.size).toBeGreaterThan(0);
    expect(sent!.size).toBeLessThan(camera.length / 2);
    await expect(post.getByRole('button', { name: 'Remove this photo' })).toBeVisible();

    // A HEIC photo is not decoded on the phone: its bytes go up as they were chosen (the server converts it).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(200, 1)]);
    const heicSent = page.waitForRequest((r) => r.url().endsWith('/api/admin/media') && r.method() === 'POST');
    await post.getByLabel('Upload photos').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
    await heicSent;
    expect((await uploads())[1]).toEqual({ name: 'IMG_0001.HEIC', type: 'image/heic', size: heic.length });
  });

  test('@phone a family turns notifications on for this device on My Family, beside the e-mail switch', async ({ page }) => {
    const username = `notify_${Date.now().toString(36)}`;
    const registered = await page.request.post('/api/register', {
      headers: { origin: server.base, 'content-type': 'application/json' },
      data: { username, email: `${username}@example.com`, password: 'early-bird-puppy-22', confirmPassword: 'early-bird-puppy-22' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Notifications on this device' });
    const messages = section.getByRole('switch', { name: 'A message from the breeder' });
    const updates = section.getByRole('switch', { name: 'A new update about our puppy' });
    await expect(messages).not.toBeChecked();
    await expect(updates).not.toBeChecked();
    await expect(messages).toBeEnabled();
    // The e-mail switch stays.
    await expect(page.getByRole('switch', { name: 'E-mail me a daily summary of new puppy updates' })).toBeVisible();
    expect(
      (await new AxeBuilder({ page }).include('section[aria-labelledby="notifications-heading"]').analyze()).violations.map((v) => v.id),
    ).toEqual([]);
    // Nothing is registered until she turns one on; then the families' worker takes /account, and a browser that
    // does not allow notifications is told so, the switch left off.
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/account')))).toBe(false);
    await messages.click();
    await expect(section.getByRole('alert')).toContainText('does not allow notifications');
    await expect(messages).not.toBeChecked();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/account'))?.active?.scriptURL ?? '')).toMatch(
      /\/account-sw\.js$/,
    );
  });

  // Background Sync is the desktop browser's own service: the full browser (e2e/browser.ts).
  test('@desktop with the dashboard closed, the service worker sends the queued update when the connection returns (Background Sync), once', async () => {
    const { page, context } = await fullBrowser();
    await signInAdminThroughForm(page, '/admin/families');
    // Signed in through /auth, this document is not in the worker's scope: a dashboard page loaded as one is.
    await page.reload();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const text = `Biscuit met the cat (${Date.now().toString(36)}).`;
    const stored = async () => {
      const res = await context.request.get(`/trpc/admin.portal.updates?input=${encodeURIComponent('{}')}`);
      const updates = ((await res.json()) as { result: { data: Array<{ text: string }> } }).result.data;
      return updates.filter((u) => u.text === text).length;
    };
    const sends: Array<{ body: string; byWorker: boolean }> = [];
    context.on('request', (r) => {
      if (r.url().endsWith('/trpc/admin.portal.postUpdate') && r.method() === 'POST')
        sends.push({ body: r.postData() ?? '', byWorker: !!r.serviceWorker() });
    });

    const post = page.getByRole('form', { name: 'Post an update' });
    await post.getByRole('combobox', { name: 'For', exact: true }).click();
    await page
      .getByRole('listbox', { name: 'For', exact: true })
      .getByRole('option', { name: /^Teddy/ })
      .first()
      .click();
    await post.getByRole('textbox', { name: "What's new" }).fill(text);
    await context.setOffline(true);
    await post.getByRole('button', { name: 'Post update' }).click();
    const queue = page.getByRole('list', { name: 'Not sent yet' });
    await expect(queue.getByRole('listitem').filter({ hasText: text.slice(0, 30) })).toContainText('Waiting to send');
    // The page asked the service worker for a sync of the queue.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (
            (await navigator.serviceWorker.getRegistration('/admin')) as unknown as { sync: { getTags(): Promise<string[]> } }
          ).sync.getTags(),
        ),
      )
      .toContain('dashboard-queue');
    const key = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('dashboard-queue');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('requests').objectStore('requests').getAll();
            all.onsuccess = () => resolve((all.result as Array<{ key: string }>)[0]!.key);
          };
        }),
    );

    // The dashboard is closed; the connection returns; the browser fires the sync (CDP dispatches it as Chromium would).
    const other = await context.newPage();
    await page.close();
    await context.setOffline(false);
    const cdp = await context.newCDPSession(other);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL.endsWith('/admin') && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(server.base).origin,
      registrationId: await registration,
      tag: 'dashboard-queue',
      lastChance: false,
    });
    await expect.poll(stored).toBe(1);
    // Sent by the service worker, once, with the key the form gave it.
    expect(sends).toHaveLength(1);
    expect(sends[0]!.byWorker).toBe(true);
    expect(JSON.parse(sends[0]!.body)).toMatchObject({ text, idempotencyKey: key });
    // A second sync (the browser may fire one again) finds nothing left to send.
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(server.base).origin,
      registrationId: await registration,
      tag: 'dashboard-queue',
      lastChance: false,
    });
    // Opening the dashboard again: nothing waits, the update is listed once.
    await other.goto('/admin/families');
    await expect(other.getByText(text)).toBeVisible();
    await expect(other.getByRole('list', { name: 'Not sent yet' })).toBeHidden();
    expect(await stored()).toBe(1);
    expect(sends).toHaveLength(1);
  });

  // Both workers show pushes through one script (public/push-sw.js): what a push without a usable title or link
  // shows comes from the worker's scope. The browser delivers each push as its push service would (DevTools' push).
  // Push messages are the desktop browser's own service: the full browser (e2e/browser.ts).
  test('@desktop a push shows its title and link on either worker; without them, the worker’s own title and page', async () => {
    test.setTimeout(240_000);
    const { page, context } = await fullBrowser();
    await context.grantPermissions(['notifications'], { origin: server.base });
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(new URL(r.scopeURL).pathname, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const shown = (scope: string) =>
      page.evaluate(async (s) => {
        const registration = await navigator.serviceWorker.getRegistration(s);
        return (await registration!.getNotifications()).map((n) => ({ title: n.title, url: (n.data as { url: string }).url }));
      }, scope);
    for (const [worker, scope, title] of [
      ['/account-sw.js', '/account', 'Something new about your puppy'],
      ['/admin-sw.js', '/admin', 'Something new on your dashboard'],
    ] as const) {
      await page.evaluate(
        async ([w, s]) => {
          const registration = await navigator.serviceWorker.register(w, { scope: s });
          if (registration.active) return;
          const installing = (registration.installing ?? registration.waiting)!;
          await new Promise<void>((resolve) =>
            installing.addEventListener('statechange', () => installing.state === 'activated' && resolve()),
          );
        },
        [worker, scope] as const,
      );
      await expect.poll(() => registrations.get(scope)).toBeTruthy();
      const deliver = (data: unknown) =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: server.base,
          registrationId: registrations.get(scope)!,
          data: JSON.stringify(data),
        });
      // Chrome may close a shown notification on its own before the page reads the list (a CI run saw the list empty
      // after the second push), so a push is delivered again until its notification is read: a worker that shows the
      // wrong title or link still never passes.
      const showsAfterPush = async (data: unknown, expected: { title: string; url: string }) =>
        expect(async () => {
          await deliver(data);
          // A loaded 2-core machine can take more than the default 10 s to start a worker and show its notification.
          await expect.poll(() => shown(scope), { timeout: 20_000 }).toContainEqual(expected);
        }).toPass({ timeout: 90_000 });
      await showsAfterPush(
        { title: 'A new update about Luna', url: `${scope}?from=push` },
        {
          title: 'A new update about Luna',
          url: `${scope}?from=push`,
        },
      );
      // No title, and a link off the site: the worker's own title and page.
      await showsAfterPush({ url: '//elsewhere.example/phish' }, { title, url: scope });
    }
  });

  test('@phone a photo taken without signal is kept on the phone with its update, uploads when the connection returns, and is stored once with it', async () => {
    // Background Sync and the worker's precache (the resize library offline) are the full browser's (e2e/browser.ts).
    const { page, context } = await fullBrowser();
    await signInAdminThroughForm(page, '/admin/families');
    // Loaded as a dashboard page, it is the worker's: its scripts are kept for offline use.
    await page.reload();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const text = `Teddy met the garden hose this morning and decided it was a snake to be herded (${Date.now().toString(36)}).`;
    const stored = async () => {
      const res = await context.request.get(`/trpc/admin.portal.updates?input=${encodeURIComponent('{}')}`);
      return (
        (await res.json()) as { result: { data: Array<{ text: string; photos: Array<{ url: string; width: number | null }> }> } }
      ).result.data.filter((u) => u.text === text);
    };
    // Uploads the server answered (a try without a connection fails in the browser and is not one).
    const uploads: string[] = [];
    context.on('requestfinished', (r) => {
      if (r.url().endsWith('/api/admin/media') && r.method() === 'POST') uploads.push(r.url());
    });

    const post = page.getByRole('form', { name: 'Post an update' });
    await post.getByRole('combobox', { name: 'For', exact: true }).click();
    await page
      .getByRole('listbox', { name: 'For', exact: true })
      .getByRole('option', { name: /^Teddy/ })
      .first()
      .click();
    await post.getByRole('textbox', { name: "What's new" }).fill(text);
    await context.setOffline(true);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 150, b: 90 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    await post.getByLabel('Upload photos').setInputFiles({ name: 'hose.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(post.getByText('Kept on this phone: it goes with the post')).toBeVisible();
    await expect(post.getByText('1 photo kept on this phone: it goes with the update when the connection returns.')).toBeVisible();
    await post.getByRole('button', { name: 'Post update' }).click();

    const waiting = page.getByRole('list', { name: 'Not sent yet' }).getByRole('listitem');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText('Waiting to send, with 1 photo');
    // The card's label is the start of the text, cut between words with an ellipsis.
    const label = (await waiting.locator('p').first().textContent())!;
    expect(label).toMatch(/^Update for Teddy.*: Teddy met the garden hose .*[a-z]…$/);
    expect(text).toContain(label.replace(/^Update for [^:]+: /, '').replace(/…$/, ''));
    // The photo waits on the phone, in the queue's record, made smaller there.
    const queued = await page.evaluate(
      () =>
        new Promise<Array<{ files?: Array<{ field: string; blob: Blob }> }>>((resolve, reject) => {
          const open = indexedDB.open('dashboard-queue');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('requests').objectStore('requests').getAll();
            all.onsuccess = () => resolve(all.result as Array<{ files?: Array<{ field: string; blob: Blob }> }>);
          };
        }),
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]!.files?.map((f) => f.field)).toEqual(['photos']);
    expect(uploads).toEqual([]);
    expect(await stored()).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole('list', { name: 'Sent' }).getByRole('listitem')).toContainText('Sent');
    await expect(page.getByRole('list', { name: 'Not sent yet' })).toBeHidden();
    // On the server: the update once, with its photo, which the family can be shown.
    await expect.poll(async () => (await stored()).map((u) => u.photos.length)).toEqual([1]);
    expect(uploads).toHaveLength(1);
    const [update] = await stored();
    const image = await context.request.get(update!.photos[0]!.url.replace(/^\/uploads\//, '/private-media/'));
    expect(image.ok()).toBe(true);
    expect(image.headers()['content-type']).toMatch(/^image\//);
    await expect(page.getByRole('article', { name: /^Update for Teddy/ }).filter({ hasText: text })).toContainText('1 photo');
  });

  test('@phone on an iPhone, Today shows the Share → Add to Home Screen steps; opened as the installed app, no offer', async ({
    browser,
  }) => {
    const { launchOptions: _shell, ...device } = test.info().project.use;
    const userAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const context = await browser.newContext({ ...device, userAgent, baseURL: server.base });
    try {
      const page = waitsForApp(await context.newPage());
      await signInAdminThroughForm(page, '/admin');
      const offer = page.getByRole('region', { name: 'Keep the dashboard on your home screen' });
      await expect(offer).toContainText('Tap the Share button');
      await expect(offer).toContainText('Add to Home Screen');
      await expect(offer.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
      expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);
      // Started from the home screen, Safari says so (navigator.standalone, as iOS sets it): nothing to offer.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Needs you' })).toBeVisible();
      await expect(offer).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  // Lighthouse 12 has no PWA category; this is Chrome's own installability check, and what it looks at.
  test('@phone /admin is installable as Chrome checks it: no installability errors, a full manifest, a controlling worker, and it opens offline', async ({
    request,
  }, info) => {
    // A profile on disk: Chrome refuses to install from an incognito profile, which every ordinary test context is.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'doodle-install-'));
    // Installability is the desktop browser's own check (its app install manager): the full browser (e2e/browser.ts).
    const { launchOptions: _shell, ...device } = info.project.use;
    const context = await chromium.launchPersistentContext(profile, { ...device, ...fullBrowserLaunchOptions, baseURL: server.base });
    try {
      await installableJourney(context, request);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  async function installableJourney(context: BrowserContext, request: APIRequestContext) {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAdminThroughForm(page, '/admin');
    // Signed in on /auth and moved to /admin in the page, no load since: the manifest is in the head all the same.
    expect(
      await page.evaluate(() => new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name).pathname),
    ).toBe('/auth');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin.webmanifest');
    expect(await page.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href)).ok)).toBe(
      true,
    );
    await page.goto('/admin');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/admin-sw\.js$/);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
    expect(manifest.url).toMatch(/\/admin\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // The manifest: names, standalone, start_url inside the scope, theme and background colours, every icon size.
    const res = await request.get('/admin.webmanifest');
    expect(res.ok()).toBe(true);
    const app = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(app.name).toBeTruthy();
    expect(app.short_name.length).toBeLessThanOrEqual(12);
    expect(app.display).toBe('standalone');
    expect(new URL(app.start_url, server.base).pathname.startsWith(new URL(app.scope, server.base).pathname)).toBe(true);
    expect(app.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(app.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The sizes Android, Chrome, Windows and the stores ask for, each a real PNG of its size; a maskable one too.
    const sizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
    expect(sizes.filter((n) => !app.icons.some((i) => i.sizes === `${n}x${n}` && (i.purpose ?? 'any').includes('any')))).toEqual([]);
    expect(app.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBe(true);
    for (const icon of app.icons) {
      const png = await request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = await sharp(await png.body()).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    // Theme colours for both themes, and the iPhone's icon.
    const themes = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('media')));
    expect(themes.sort()).toEqual(['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);
    expect((await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!)).ok()).toBe(true);

    // After that one visit, /admin opens without a connection (a new tab, as the installed app starts).
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/admin');
    await expect(offline.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
    await context.setOffline(false);
  }
});
