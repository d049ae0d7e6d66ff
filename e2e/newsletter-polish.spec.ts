// Issue 29's newsletter, media and dog-form polish and issue 28's links that act on a button, on a server of
// its own (fresh demo content) with a test SMTP server: the sign-up toast says to confirm first; the
// confirmation and unsubscribe pages do nothing until their button is pressed (a mail scanner opening the
// link changes nothing the breeder sees); "Send now" asks with the count; a photo inserted in a newsletter
// has a description and shows in the e-mail preview; a new dog stays off the home page until featured and its
// card prints only what is filled in; the blog list's covers, the PDF drop zone and how complete a COI is.
import { usePrivateServerWithMail } from './private-server.ts';
import { expect, test, waitsForApp, type Page } from './fixtures.ts';
import { isPhone, openSection, signInAdmin, toast } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';
import { inBothThemes } from './axe.ts';
import sharp from 'sharp';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('newsletter, media and dog-form polish', () => {
  test.describe.configure({ mode: 'serial' });
  const { server, smtp } = usePrivateServerWithMail({ offset: 87, seed: true });

  const reader = (project: string) => `polish-${project}@example.com`;
  const subject = (project: string) => `Litter news ${project}`;

  /** The breeder, in a window of her own beside the visitor's, on the Subscribers list. */
  async function subscriberStatus(breeder: Page, email: string) {
    await breeder.reload();
    return breeder.getByRole('listitem').filter({ hasText: email });
  }

  test('the sign-up toast says to confirm first; the confirmation link confirms only when its button is pressed', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const email = reader(info.project.name);
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
    await form.getByRole('button', { name: 'Subscribe' }).click();
    // SPEC §8's title; the text says the next step first.
    const thanks = toast(page, 'Thanks for subscribing!');
    await expect(thanks).toContainText("Check your e-mail and tap the link to confirm; then you'll get news of puppies and our tips.");

    await expect.poll(() => smtp().received.some((m) => m.to.includes(email)), { timeout: 20_000 }).toBe(true);
    const confirmation = smtp().received.find((m) => m.to.includes(email))!;
    const link = new URL(/http\S+\/newsletter\/confirm\?token=\S+/.exec(confirmation.text)![0]);

    // Opened (as a mail scanner would, scripts and all): the page offers a button and does nothing by itself.
    await page.goto(`${link.pathname}${link.search}`);
    const confirm = page.getByRole('button', { name: 'Confirm my subscription' });
    await expect(confirm).toBeVisible();
    await expect(page.getByText('Subscription confirmed')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations).toEqual([]);

    const breeder = waitsForApp(await browser.newPage({ baseURL: server.base }));
    await signInAdmin(breeder);
    await openSection(breeder, 'Subscribers');
    await expect((await subscriberStatus(breeder, email)).getByText('Awaiting confirmation')).toBeVisible();

    // Pressed: confirmed.
    await confirm.click();
    await expect(page.getByRole('status').filter({ hasText: 'Subscription confirmed' })).toBeVisible();
    await expect((await subscriberStatus(breeder, email)).getByText('Active', { exact: true })).toBeVisible();
    await breeder.close();
  });

  test('Send now asks first with the count; a photo goes in with a description and shows in the e-mail preview', async ({ page }, info) => {
    test.setTimeout(120_000);
    const email = reader(info.project.name);
    const title = subject(info.project.name);
    await signInAdmin(page);
    await openSection(page, 'Newsletters');
    await page.getByRole('button', { name: 'New newsletter' }).click();
    const newForm = page.getByRole('form', { name: 'New newsletter' });
    await newForm.getByRole('textbox', { name: 'Subject' }).fill(title);
    const text = newForm.getByRole('textbox', { name: 'Text', exact: true });
    await text.fill('## Asleep at last\n\n');
    await text.press('ControlOrMeta+End');

    // Insert photo asks what the photo shows; the camera's file name is not a description.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c98f4a' } })
      .jpeg()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await newForm.getByRole('button', { name: 'Insert photo' }).click();
    await (await chooser).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    const description = newForm.getByRole('textbox', { name: 'Short description of the photo' });
    await expect(description).toBeFocused();
    expect((await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations).toEqual([]);
    await newForm.getByRole('button', { name: 'Insert the photo' }).click();
    await expect(newForm.getByText('Please describe the photo in a few words: what it shows.')).toBeVisible();
    await expect(text).toHaveValue('## Asleep at last\n\n');
    await description.fill('Three puppies asleep in a basket');
    await description.press('Enter');
    await expect(text).toHaveValue(/^## Asleep at last\n\n!\[Three puppies asleep in a basket\]\(\/uploads\/[0-9a-f-]+\.jpg\)\n\n$/);
    // Enter put the photo in; it did not save the form.
    await expect(page.getByRole('form', { name: 'New newsletter' })).toBeVisible();
    await newForm.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Newsletter saved')).toBeVisible();

    // The preview shows the photo: public media load from any origin (the preview's frame has none of its own).
    const editForm = page.getByRole('form', { name: `Edit newsletter: ${title}` });
    await editForm.getByRole('button', { name: 'Show preview' }).click();
    const img = page.frameLocator('iframe[title="E-mail preview"]').getByRole('img', { name: 'Three puppies asleep in a basket' });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    const src = (await img.getAttribute('src'))!;
    expect((await page.request.get(src)).headers()['cross-origin-resource-policy']).toBe('cross-origin');

    // Send now: it asks, with the real count and the singular; Cancel sends nothing.
    await editForm.getByRole('button', { name: 'Send now' }).click();
    const ask = page.getByRole('dialog', { name: 'Send to 1 confirmed subscriber?' });
    await expect(ask).toContainText('This cannot be undone.');
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // In both themes, once the dialog has faded in (half-way, its red button blends with the page behind it); the
    // e-mail's preview frame is the e-mail's own document, not a screen of the site.
    expect(await inBothThemes(page, 'the Send now confirmation', { exclude: 'iframe' })).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('region', { name: 'Sending' }).getByText('Draft', { exact: true })).toBeVisible();
    expect(smtp().received.some((m) => m.subject === title)).toBe(false);

    // Confirmed: it goes, and the list counts "1 recipient".
    await editForm.getByRole('button', { name: 'Send now' }).click();
    await ask.getByRole('button', { name: 'Send now' }).click();
    await expect(toast(page, 'Sending')).toBeVisible();
    await expect
      .poll(
        () =>
          smtp()
            .received.filter((m) => m.subject === title)
            .flatMap((m) => m.to),
        { timeout: 20_000 },
      )
      .toContain(email);
    await page.getByRole('button', { name: 'Back to newsletters' }).click();
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(async () => {
      await page.reload();
      await expect(card.getByText('1 recipient · 0 queued · 1 sent · 0 failed', { exact: true })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  });

  test('the unsubscribe page says which e-mails stop and unsubscribes only on its button', async ({ page, browser }, info) => {
    const email = reader(info.project.name);
    const newsletter = smtp().received.find((m) => m.subject === subject(info.project.name) && m.to.includes(email))!;
    const link = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(newsletter.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(
      page.getByText('This stops our newsletter (news of puppies and litters, and our tips) at this address.', { exact: false }),
    ).toBeVisible();
    await expect(
      page.getByText('E-mails about your puppy application or your puppy, if you have one with us, keep coming.', { exact: false }),
    ).toBeVisible();
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe' });
    await expect(unsubscribe).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations).toEqual([]);

    const breeder = waitsForApp(await browser.newPage({ baseURL: server.base }));
    await signInAdmin(breeder);
    await openSection(breeder, 'Subscribers');
    await expect((await subscriberStatus(breeder, email)).getByText('Active', { exact: true })).toBeVisible();

    await unsubscribe.click();
    const done = page.getByRole('status').filter({ hasText: 'Unsubscribed' });
    await expect(done).toContainText(
      'no more newsletters will come to this address. E-mails about your puppy application or your puppy continue.',
    );
    await expect((await subscriberStatus(breeder, email)).getByText('Unsubscribed')).toBeVisible();
    await breeder.close();
  });

  test('a new dog saved with only a name stays off the home page until featured; its card prints only what is filled in', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const name = `Biscuit ${info.project.name}`;
    await signInAdmin(page, '/admin/parents');
    await page.getByRole('button', { name: 'Add dog' }).click();
    const form = page.getByRole('form', { name: 'New dog' });
    await form.getByRole('textbox', { name: 'Call name' }).fill(name);
    const featured = form.getByRole('switch', { name: /^Featured/ });
    await expect(featured).not.toBeChecked();
    // The form says what featuring shows.
    await expect(form.getByText('Featuring shows this dog on the home page under Our Parent Dogs', { exact: false })).toBeVisible();
    await form.getByRole('button', { name: 'Add dog' }).click();
    await expect(toast(page, 'Dog added')).toBeVisible();

    const visitor = waitsForApp(await browser.newPage({ baseURL: server.base }));
    const parents = async () => {
      // A fresh load each time (a goto to the same address with a #fragment would only scroll).
      await visitor.goto('/');
      const section = visitor.locator('#parents');
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('heading', { name: 'Maple' })).toBeVisible();
      return section;
    };
    await expect((await parents()).getByRole('heading', { name })).toHaveCount(0);

    // Featured: on the home page, with no dangling separator and no "Age: Age unknown".
    await page.getByRole('textbox', { name: 'Search dogs' }).fill(name);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    await edit.getByRole('switch', { name: /^Featured/ }).check();
    await edit.getByRole('button', { name: 'Save dog' }).click();
    await expect(toast(page, 'Dog saved')).toBeVisible();
    const card = (await parents()).getByRole('listitem').filter({ has: visitor.getByRole('heading', { name }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Mini Goldendoodle', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('·');
    await expect(card).not.toContainText('Age unknown');
    await visitor.close();
  });

  test('the blog list shows covers; a PDF certificate’s drop zone asks for a PDF; a COI says how complete the pedigree is', async ({
    page,
  }) => {
    // Each post on /blog with its cover.
    await page.goto('/blog');
    const posts = page.getByRole('main').getByRole('listitem');
    expect(await posts.count()).toBeGreaterThan(1);
    for (const post of [posts.first(), posts.last()]) {
      await post.scrollIntoViewIfNeeded();
      const title = (await post.getByRole('heading').textContent())!.trim();
      await expect(post.getByRole('img', { name: title })).toBeVisible();
    }

    // A COI over Maple's pedigree says how much of it is known; a litter whose parents' ancestry is unknown shows none.
    const maple = ((await (await page.request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string }>).find(
      (d) => d.name === 'Maple',
    )!;
    await page.goto(`/family-tree/${maple.id}`);
    await expect(
      page.getByText("Maple's coefficient of inbreeding is 0% over 5 generations, 6 of 62 ancestors known", { exact: false }),
    ).toBeVisible();
    await page.goto('/#litters');
    const litters = page.locator('#litters');
    await litters.scrollIntoViewIfNeeded();
    const autumn = litters.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Autumn Litter' }) });
    const spring = litters.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Spring Litter' }) });
    await expect(autumn.getByText('COI 0% over 5 generations, 10 of 62 ancestors known')).toBeVisible();
    await expect(spring).toBeVisible();
    await expect(spring).not.toContainText('COI');

    // A health result with "PDF" chosen: its drop zone asks for a PDF.
    await signInAdmin(page, '/admin/parents');
    await page.getByRole('textbox', { name: 'Search dogs' }).fill('Maple');
    await page.getByRole('button', { name: 'Edit Maple' }).click();
    const form = page.getByRole('form', { name: 'Edit Maple' });
    await form.getByRole('button', { name: 'Add health result' }).click();
    const kind = form.getByRole('radiogroup', { name: 'Health result 4: certificate file type' });
    await expect(kind.getByRole('radio', { name: 'PDF' })).toBeChecked();
    await expect(form.getByTestId('dropzone-Health result 4: certificate')).toContainText('Drop a PDF here, or tap to choose');
    await expect(form.getByLabel('Health result 4: certificate: drop a PDF here or press Enter to choose one')).toBeVisible();
    if (!isPhone(page)) expect((await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations).toEqual([]);
  });
});
