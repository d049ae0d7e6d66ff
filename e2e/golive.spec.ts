// A new site's first run on the breeder's phone (issue 48): the server logs its one-time setup address; she opens it,
// makes her admin account, names her kennel and adds her logo; her name and logo are on the home page and Today lists what
// is left to go live.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { expect, test, workerSlot } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 3199) + 61 + 100 * workerSlot();
const base = `http://127.0.0.1:${port}`;

test.describe('First run', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  let setupUrl = '';
  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'doodle-e2e-golive-'));
    // A fresh site: no demo content, and no admin (the e2e server makes one unless told otherwise).
    child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        SEED_DEMO: 'false',
        E2E_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: '',
        ADMIN_PASSWORD: '',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // The one line the start logs: {"setupUrl": "…/setup?token=…", …}.
    setupUrl = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child!.stdout! });
      lines.on('line', (line) => {
        const found = /"setupUrl":"([^"]+)"/.exec(line)?.[1];
        if (found) resolve(found);
      });
      child!.once('exit', (code) => reject(new Error(`the server exited with ${code} before logging a setup address`)));
    });
    for (;;) {
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('@phone the setup link makes her admin account and her site; Today lists the go-live checklist', async ({ page, request }) => {
    const token = new URL(setupUrl).searchParams.get('token')!;
    expect((await request.get('/setup')).status()).toBe(404);
    expect((await request.get('/setup?token=wrong')).status()).toBe(404);

    await page.goto(`/setup?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Set up your website', level: 1 })).toBeVisible();
    await page.getByLabel('Username').fill('sarah');
    await page.getByLabel(/^Password/).fill('willow-creek-2026');
    await page.getByLabel('Repeat the password').fill('willow-creek-2026');
    await page.getByLabel('Kennel name').fill('Willow Creek Doodles');
    await page.getByLabel('Town').fill('Bend, Oregon');
    await page.getByLabel('Contact e-mail').fill('hello@willowcreek.example');
    await page.getByLabel('Phone').fill('541-555-0100');
    await page.getByRole('radio', { name: /An empty site/ }).check();
    await page.getByRole('button', { name: 'Set up my site' }).click();

    // Her logo, the last step (it can be skipped): uploaded as any dashboard photo is, then Today.
    await expect(page.getByRole('heading', { name: 'Your logo' })).toBeVisible();
    const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#2f6f4e' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload logo').setInputFiles({ name: 'willow-creek.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('img', { name: 'Logo: current photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Save the logo and open my dashboard' }).click();

    // Signed in, on Today: what is left before the site goes live.
    await page.waitForURL('**/admin');
    const needs = page.getByRole('list', { name: 'Needs you' });
    await expect(needs.getByRole('link', { name: /Go live: add your photos and your story/ })).toBeVisible();
    await expect(needs.getByRole('link', { name: /Go live: add your first litter or dog/ })).toBeVisible();
    await expect(needs.getByRole('link', { name: /Go live: put the site on your own domain/ })).toBeVisible();

    // The link is spent, and /setup stays closed.
    expect((await request.get(`/setup?token=${token}`)).status()).toBe(410);

    await page.goto('/');
    await expect(page.getByText('Willow Creek Doodles').first()).toBeVisible();
    // The header shows her logo (a small copy of it) where the paw mark was.
    const mark = page.getByRole('link', { name: 'Willow Creek Doodles' }).first().locator('img');
    await expect(mark).toHaveAttribute('src', /^\/uploads\/[^?]+\?w=160&q=\d+$/);
    await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.content()).not.toContain('Aspen Meadow');
  });
});
