// Today on the breeder's phone (issue 34): what needs her, each line a link to where she acts; the dashboard's
// service worker installs, and Today reads offline from the last answer; signing out deletes that private cache.
import AxeBuilder from '@axe-core/playwright';
import { usePrivateServer } from './private-server.ts';
import { expect, test } from './fixtures.ts';
import { signInAdminThroughForm } from './admin-fixture.ts';

test.describe('Today', () => {
  const server = usePrivateServer({ offset: 46, seed: true });

  test('@phone Today lists a new application and an unread inquiry that link where she acts, and reads offline', async ({ page, request, context }) => {
    const base = server.base;
    const headers = { origin: base, 'content-type': 'application/json' };
    // A family applies; another writes.
    const username = `today_${Date.now().toString(36)}`;
    expect((await request.post(`${base}/api/register`, { headers, data: { username, email: `${username}@example.com`, password: 'early-bird-puppy-22', confirmPassword: 'early-bird-puppy-22' } })).status()).toBe(201);
    const applied = await request.post(`${base}/api/applications`, {
      headers,
      data: {
        name: 'Jamie Rivera', email: 'jamie@example.com', location: 'Boulder, CO', household: 'Two adults', allergies: 'no', homeType: 'house', ownership: 'own',
        yard: 'no', hoursAlone: 'under2', experience: 'now', experienceDetails: 'We have a poodle and love the breed.', size: 'mini',
        gender: 'female', color: 'red', timing: 'asap', heardAbout: 'friend', idempotencyKey: `today-${username}`,
      },
    });
    expect(applied.status()).toBe(201);
    await request.post(`${base}/api/logout`, { headers });
    expect((await request.post(`${base}/api/inquiries`, { headers, data: { name: 'Pat Morgan', email: 'pat@example.com', interest: 'available', message: 'Is Biscuit still looking for a home?' } })).ok()).toBe(true);

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
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('admin-private')).keys()).some((r) => r.url.includes('admin.today.get')))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
    await expect(needs.getByRole('link', { name: /^New application from Jamie Rivera/ })).toBeVisible();
    await context.setOffline(false);

    // Signing out deletes the private answers kept on the phone.
    await page.reload();
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect(await page.evaluate(() => caches.has('admin-private'))).toBe(false);
  });

  test('@desktop a puppy update written without a connection waits on the device and is stored once when it returns', async ({ page, context }) => {
    await signInAdminThroughForm(page, '/admin/families');
    const text = `Teddy found the water bowl (${Date.now().toString(36)}).`;
    const stored = async () => {
      const res = await page.request.get(`/trpc/admin.portal.updates?input=${encodeURIComponent('{}')}`);
      const updates = ((await res.json()) as { result: { data: Array<{ text: string }> } }).result.data;
      return updates.filter((u) => u.text === text).length;
    };
    const post = page.getByRole('form', { name: 'Post an update' });
    await post.getByRole('combobox', { name: 'For', exact: true }).click();
    await page.getByRole('listbox', { name: 'For', exact: true }).getByRole('option', { name: /^Teddy/ }).first().click();
    await post.getByRole('textbox', { name: "What's new" }).fill(text);

    const sent: string[] = [];
    page.on('request', (r) => {
      // The queue's own sends (the form's first try goes through the batching client).
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
    // A replay of the same request (as a queue may send it twice) stores nothing more.
    const replay = sent.at(-1)!;
    expect(JSON.parse(replay)).toMatchObject({ text, idempotencyKey: expect.any(String) });
    const again = await page.request.post('/trpc/admin.portal.postUpdate', { headers: { origin: server.base, 'content-type': 'application/json' }, data: replay });
    expect(again.ok()).toBe(true);
    expect(await stored()).toBe(1);
    await expect(page.getByText(text)).toBeVisible();
  });
});
