// Conversations (issue 30), one real exchange at a laptop: a family writes from My Family, the breeder sees it
// appear live in the dashboard's Messages and answers; the family sees the answer live; the family's e-mail
// (read from a real SMTP server) is answered through the inbound webhook and the reply shows in both views
// with the quoted history stripped. Both screens pass axe.
import AxeBuilder from '@axe-core/playwright';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { createHmac } from 'node:crypto';
import { usePrivateServerWithMail } from './private-server.ts';
import { expect, test, waitsForApp } from './fixtures.ts';
import { signInAdmin, toast } from './admin-fixture.ts';
import { type ReceivedMail } from '../src/features/mail/server/mail.test-helpers.ts';
import sharp from 'sharp';
import type { Page } from '@playwright/test';

const SECRET = 'e2e-inbound-secret-for-messages';

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
/** Flips the theme through the theme manager's own path (another tab's choice: a storage event), as themes.spec.ts does. */
async function flipTheme(page: Page) {
  const next = (await scheme(page)) === 'dark' ? 'light' : 'dark';
  await page.evaluate((t) => {
    localStorage.setItem('vite-ui-theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'vite-ui-theme', newValue: t, storageArea: localStorage }));
  }, next);
  await expect.poll(() => scheme(page)).toBe(next);
}

test.describe('conversations', () => {
  test.describe.configure({ mode: 'serial' });
  const { server, smtp } = usePrivateServerWithMail({
    offset: 41,
    seed: true,
    env: { INBOUND_EMAIL_SECRET: SECRET, MAIL_DOMAIN: 'replies.example.test' },
  });
  const mailsTo = (address: string) => smtp().received.filter((m: ReceivedMail) => m.to.includes(address));

  test('a family and the breeder write live, and an e-mail reply lands in both views @desktop', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const suffix = Date.now().toString(36).slice(-5);
    const username = `parker_${suffix}`;
    const email = `parker-${suffix}@example.com`;

    // The family registers and confirms its address from the e-mail link (message e-mails go to verified addresses only).
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('textbox', { name: 'Username' }).fill(username);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
    await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Registration successful')).toBeVisible();
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
    const link = new URL(/http\S+\/verify-email\?token=\S+/.exec(mailsTo(email)[0]!.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('status').filter({ hasText: 'E-mail address confirmed' })).toBeVisible();

    // The breeder has the Messages section open at her laptop.
    const context = await browser.newContext({ ...(test.info().project.use as object), baseURL: server.base });
    const admin = waitsForApp(await context.newPage());
    await signInAdmin(admin, '/admin/messages');
    await expect(admin.getByRole('heading', { name: 'Messages', level: 2 })).toBeVisible();

    // The family writes from My Family.
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Messages' });
    await expect(card.getByText('No messages yet.')).toBeVisible();
    await card.getByRole('textbox', { name: 'Your message' }).fill('Can we visit Saturday? Directions: https://example.com/directions');
    await card.getByRole('button', { name: 'Send' }).click();
    const familyThread = card.getByRole('list', { name: 'Messages with the breeder, oldest first' });
    await expect(familyThread.getByText('Can we visit Saturday?')).toBeVisible();
    expect((await new AxeBuilder({ page }).include('#messages').analyze()).violations).toEqual([]);

    // It appears in the dashboard without a reload, unread; the breeder opens it and answers.
    const row = admin.getByRole('button', { name: new RegExp(`Unread: ${username}`) });
    await expect(row).toBeVisible({ timeout: 5000 });
    await row.click();
    const adminThread = admin.getByRole('list', { name: `Messages with ${username}, oldest first` });
    await expect(adminThread.getByRole('link', { name: 'https://example.com/directions' })).toHaveAttribute(
      'href',
      'https://example.com/directions',
    );
    await admin.getByRole('textbox', { name: `Reply to ${username}` }).fill('Saturday at 10 works! See you then.');
    await admin.getByRole('button', { name: 'Send' }).click();
    await expect(adminThread.getByText('Saturday at 10 works!')).toBeVisible();
    expect((await new AxeBuilder({ page: admin }).include('main').analyze()).violations).toEqual([]);

    // The family sees the answer live, and gets it by e-mail with a reply address.
    await expect(familyThread.getByText('Saturday at 10 works!')).toBeVisible({ timeout: 5000 });
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(2);
    const notice = mailsTo(email)[1]!;
    expect(notice.text).toContain('Saturday at 10 works!');
    const replyTo = notice.headers['reply-to']!.replace(/^.*<|>.*$/g, '');
    expect(replyTo).toMatch(/^reply\+.*@replies\.example\.test$/);

    // The family answers the e-mail; the provider posts it to the inbound webhook.
    const raw = await new MailComposer({
      from: email,
      to: replyTo,
      subject: `Re: ${notice.subject}`,
      text: `Perfect, we will bring treats.\n\nOn Sat, Nov 28, 2026 at 9:00 AM Breeder wrote:\n> Saturday at 10 works! See you then.\n`,
    })
      .compile()
      .build();
    const res = await fetch(`${server.base}/api/inbound-email`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'x-inbound-signature': createHmac('sha256', SECRET).update(raw).digest('hex') },
      body: new Uint8Array(raw),
    });
    expect(res.status).toBe(200);

    // Both views show the reply, without the quoted history.
    await expect(familyThread.getByText('Perfect, we will bring treats.')).toBeVisible({ timeout: 5000 });
    await expect(adminThread.getByText('Perfect, we will bring treats.')).toBeVisible({ timeout: 5000 });
    await expect(familyThread.getByText('Perfect, we will bring treats.')).toHaveText('Perfect, we will bring treats.');
    await expect(familyThread.getByText('On Sat, Nov 28, 2026')).toHaveCount(0);
    await context.close();
  });
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('a family writes and attaches a photo from its phone, the breeder’s answer arrives live, and the next waits on the menu @phone', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const suffix = Date.now().toString(36).slice(-5);
      const username = `rivera_${suffix}`;
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByRole('textbox', { name: 'Username' }).fill(username);
      await form.getByRole('textbox', { name: 'Email' }).fill(`rivera-${suffix}@example.com`);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
      await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
      await form.getByRole('button', { name: 'Create Account' }).click();
      await expect(toast(page, 'Registration successful')).toBeVisible();

      // The family writes from Messages on its phone and attaches a photo from the camera roll.
      await page.goto('/account#messages');
      const card = page.getByRole('region', { name: 'Messages' });
      await card.getByRole('textbox', { name: 'Your message' }).fill('Here is our fenced yard for Biscuit.');
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a9955' } })
        .jpeg()
        .toBuffer();
      const chooser = page.waitForEvent('filechooser');
      await card.getByRole('button', { name: 'Attach photos or PDFs' }).click();
      await (await chooser).setFiles({ name: 'yard.jpg', mimeType: 'image/jpeg', buffer: photo });
      const toSend = card.getByRole('list', { name: 'Files to send' });
      await expect(toSend.getByRole('img', { name: 'yard.jpg' })).toBeVisible();
      await card.getByRole('button', { name: 'Send' }).click();
      const thread = card.getByRole('list', { name: 'Messages with the breeder, oldest first' });
      await expect(thread.getByText('Here is our fenced yard for Biscuit.')).toBeVisible();
      await expect(thread.getByRole('img', { name: 'yard.jpg' })).toBeVisible();
      await expect(toSend).toHaveCount(0);
      // The private photo is really served to the family that sent it.
      const src = await thread.getByRole('img', { name: 'yard.jpg' }).getAttribute('src');
      expect((await page.request.get(src!)).status()).toBe(200);

      // The breeder answers from a second browser.
      const context = await browser.newContext({ ...(test.info().project.use as object), baseURL: server.base });
      const admin = waitsForApp(await context.newPage());
      await signInAdmin(admin, '/admin/messages');
      await admin.getByRole('button', { name: new RegExp(`Unread: ${username}`) }).click();
      await expect(
        admin.getByRole('list', { name: `Messages with ${username}, oldest first` }).getByRole('img', { name: 'yard.jpg' }),
      ).toBeVisible();
      await admin.getByRole('textbox', { name: `Reply to ${username}` }).fill('What a yard! Biscuit will love it.');
      await admin.getByRole('button', { name: 'Send' }).click();

      // It arrives on the phone without a reload.
      await expect(thread.getByText('What a yard! Biscuit will love it.')).toBeVisible({ timeout: 5000 });

      // Away from My Family, the next answer waits for the family: a dot on the menu button, the count beside My Family,
      // and "Messages (1)" first on My Family, until the thread is on its screen.
      await page.goto('/');
      await admin.getByRole('textbox', { name: `Reply to ${username}` }).fill('Saturday at ten suits us.');
      await admin.getByRole('button', { name: 'Send' }).click();
      await expect(admin.getByText('Saturday at ten suits us.')).toBeVisible();
      await context.close();
      await page.reload();
      await page.getByRole('button', { name: 'Open navigation menu, 1 unread message' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Family 1 unread' }).click();
      const needs = page.getByRole('region', { name: 'Needs you' });
      await expect(card).not.toBeInViewport();
      await needs.getByRole('link', { name: 'Messages (1)' }).click();
      await expect(thread.getByText('Saturday at ten suits us.')).toBeVisible();
      await expect(needs).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open navigation menu', exact: true })).toBeVisible();

      // Nothing wider than the phone, and axe clean in both themes.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect((await new AxeBuilder({ page }).include('#messages').analyze()).violations).toEqual([]);
      await flipTheme(page);
      expect((await new AxeBuilder({ page }).include('#messages').analyze()).violations).toEqual([]);
    });
  });
});
