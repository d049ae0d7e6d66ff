// The newsletter journey: a visitor subscribes and confirms from the e-mail; the breeder composes,
// previews, sends a test, schedules one newsletter and sends another, and sees its counts.
import { usePrivateServerWithMail } from './private-server.ts';
import { expect, test } from './fixtures.ts';
import { openSection, signInAdmin, toast } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';

test.describe('newsletters', () => {
  test.describe.configure({ mode: 'serial' });
  const { smtp } = usePrivateServerWithMail({ offset: 85, seed: true });

  test('a visitor subscribes and confirms; the breeder composes, previews, tests, schedules, sends and sees the counts', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const suffix = info.project.name === 'mobile' ? 'm' : 'd';
    const email = `reader-${suffix}@example.com`;

    // The visitor: subscribe from the home page (the toast is SPEC §8's), then confirm from the e-mail.
    await page.goto('/');
    // The footer's form loads as it comes into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
    });
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByLabel('Email address').focus();
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Name (optional)').fill('Robin');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Thanks for subscribing!')).toBeVisible();
    const confirmation = await expect
      .poll(() => smtp().received.find((m) => m.to.includes(email)), { timeout: 20_000 })
      .toBeTruthy()
      .then(() => smtp().received.find((m) => m.to.includes(email))!);
    expect(confirmation.text.startsWith('Hi Robin,')).toBe(true);
    const link = new URL(/http\S+\/newsletter\/confirm\?token=\S+/.exec(confirmation.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Subscription confirmed' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The breeder composes a newsletter.
    await signInAdmin(page);
    await openSection(page, 'Newsletters', 'Newsletters');
    await page.getByRole('button', { name: 'New newsletter' }).click();
    const subject = `Puppy news ${suffix}`;
    const newForm = page.getByRole('form', { name: 'New newsletter' });
    await newForm.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await newForm.getByRole('textbox', { name: 'Preview line' }).fill('Six puppies and a new blog post');
    const text = newForm.getByRole('textbox', { name: 'Text', exact: true });
    await text.fill('## Meet them\n\nEveryone is **doing well**.');
    // A photo goes in at the cursor through the same upload as a blog post's.
    await text.press('ControlOrMeta+End');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c98f4a' } })
      .jpeg()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await newForm.getByRole('button', { name: 'Insert photo' }).click();
    await (await chooser).setFiles({ name: 'the-puppies.jpg', mimeType: 'image/jpeg', buffer: photo });
    await newForm.getByRole('textbox', { name: 'Short description of the photo' }).fill('the puppies');
    await newForm.getByRole('button', { name: 'Insert the photo' }).click();
    await expect(text).toHaveValue(/doing well\*\*\.\n\n!\[the puppies\]\(\/uploads\/[0-9a-f-]+\.jpg\)\n\n$/);
    // The segments are offered, each with how many it reaches now.
    await newForm.getByRole('combobox', { name: 'Audience' }).click();
    await page.getByRole('option', { name: 'Families on the waitlist' }).click();
    await expect(newForm.getByText(/^\d+ recipients?$/)).toBeVisible();
    await newForm.getByRole('combobox', { name: 'Audience' }).click();
    await page.getByRole('option', { name: 'All confirmed subscribers' }).click();
    await expect(newForm.getByText(/^\d+ confirmed subscribers?$/)).toBeVisible();
    await newForm.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Newsletter saved')).toBeVisible();

    const editForm = page.getByRole('form', { name: `Edit newsletter: ${subject}` });
    await editForm.getByRole('button', { name: 'Show preview' }).click();
    const emailFrame = page.frameLocator('iframe[title="E-mail preview"]');
    await expect(emailFrame.getByRole('heading', { name: 'Meet them' })).toBeVisible();
    // The photo is at the site's full address: an e-mail has no page to be relative to.
    await expect(emailFrame.getByRole('img', { name: 'the puppies' })).toHaveAttribute(
      'src',
      /^https?:\/\/[^/]+\/uploads\/[0-9a-f-]+\.jpg$/,
    );
    await editForm.getByRole('tab', { name: 'Plain text' }).click();
    await expect(editForm.getByTestId('newsletter-text-preview')).toContainText('Everyone is doing well.');
    await expect(editForm.getByTestId('newsletter-text-preview')).toContainText('Unsubscribe:');
    expect((await new AxeBuilder({ page }).exclude('iframe').analyze()).violations).toEqual([]);

    // A test to the breeder's own address.
    const before = smtp().received.length;
    await editForm.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(toast(page, 'Test sent')).toBeVisible();
    await expect
      .poll(
        () =>
          smtp()
            .received.slice(before)
            .some((m) => m.subject === `[Test] ${subject}`),
        { timeout: 20_000 },
      )
      .toBe(true);

    // Scheduled for tomorrow.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await editForm.getByLabel('Send at').fill(local);
    await editForm.getByRole('button', { name: 'Schedule' }).click();
    await expect(toast(page, 'Scheduled')).toBeVisible();
    await expect(editForm.getByText(/^Goes out /)).toBeVisible();

    // Another one sent now: the list shows its counts once the copy is out.
    await page.getByRole('button', { name: 'Back to newsletters' }).click();
    await page.getByRole('button', { name: 'New newsletter' }).click();
    const now = `Sent today ${suffix}`;
    const second = page.getByRole('form', { name: 'New newsletter' });
    await second.getByRole('textbox', { name: 'Subject' }).fill(now);
    await second.getByRole('textbox', { name: 'Text', exact: true }).fill('Short and sweet.');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('form', { name: `Edit newsletter: ${now}` })
      .getByRole('button', { name: 'Send now' })
      .click();
    // Sending cannot be undone: it asks first, with the count (newsletter-polish.spec.ts checks the words).
    await page
      .getByRole('dialog', { name: /^Send to \d+ confirmed subscribers?\?$/ })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(toast(page, 'Sending')).toBeVisible();
    await expect
      .poll(
        () =>
          smtp()
            .received.filter((m) => m.subject === now)
            .flatMap((m) => m.to),
        { timeout: 20_000 },
      )
      .toContain(email);
    await page.getByRole('button', { name: 'Back to newsletters' }).click();
    const card = page.getByRole('listitem').filter({ hasText: now });
    await expect(async () => {
      await page.reload();
      await expect(card.getByText(/recipients? · 0 queued · \d+ sent · 0 failed/)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('listitem').filter({ hasText: subject }).getByText('Scheduled')).toBeVisible();
    // The sent one goes on the blog with one click, once.
    await card.getByRole('button', { name: 'Publish as blog post' }).click();
    await expect(toast(page, 'Published on the blog')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Publish as blog post' })).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
