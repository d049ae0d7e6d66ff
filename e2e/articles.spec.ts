// The breeder publishes: a blog post with an uploaded photo (previewed privately, then published and
// read by a visitor), and a new version of the privacy policy that keeps the earlier one listed.
import { usePrivateServer } from './private-server.ts';
import { expect, test, waitsForApp, type Page } from './fixtures.ts';
import { expectToast, isPhone, openSection, signInAdmin } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { tinyPdf } from '../src/server/testing/uploads.ts';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('the breeder publishes', () => {
  test.describe.configure({ mode: 'serial' });
  const server = usePrivateServer({ offset: 70, seed: true });

  test('writes a post with an uploaded photo, previews it privately, schedules it a little ahead and sees it on /blog', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const suffix = info.project.name === 'mobile' ? 'M' : 'D';
    const title = `Spring Puppies Have Arrived ${suffix}`;
    const slug = `spring-puppies-have-arrived-${suffix.toLowerCase()}`;
    await signInAdmin(page);
    await openSection(page, 'Blog', 'Blog');
    await page.getByRole('button', { name: 'Write a post' }).click();

    const newForm = page.getByRole('form', { name: 'New post' });
    await newForm.getByRole('textbox', { name: 'Title' }).fill(title);
    await newForm.getByRole('textbox', { name: 'Summary' }).fill('Willow had six healthy puppies overnight.');
    await newForm
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Everyone is doing well: see [how we raise them](/#process).\n\n## Meet them\n\n');
    await newForm.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');

    const form = page.getByRole('form', { name: `Edit post: ${title}` });
    await expect(form.getByRole('region', { name: 'Publishing' }).getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit post' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A photo goes in at the cursor (the end of the text), through the upload with its progress.
    const body = form.getByRole('textbox', { name: 'Text', exact: true });
    await body.click();
    await body.press('ControlOrMeta+End');
    // A phone photo on a slow connection (noise compresses badly: about a megabyte), the upload throttled
    // so its progress can be seen.
    const noise = Buffer.from(Array.from({ length: 900 * 700 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const photo = await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(500_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Insert photo' }).click();
    await (await chooser).setFiles({ name: 'six-puppies.jpg', mimeType: 'image/jpeg', buffer: photo });
    const progress = form.getByRole('progressbar', { name: 'Photo upload progress' });
    await expect(progress).toBeVisible();
    await expect(form.getByText(/^Uploading photo… \d+%$/)).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    // Meanwhile it asks what the photo shows (its alt text); the photo goes in once both are done.
    await form.getByRole('textbox', { name: 'Short description of the photo' }).fill('six puppies');
    await form.getByRole('button', { name: 'Insert the photo' }).click();
    await expect(progress).toBeHidden({ timeout: 30_000 });
    // A failed upload says why in an alert under the field; none here.
    await expect(form.getByRole('alert')).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(body).toHaveValue(/## Meet them\n\n!\[six puppies\]\(\/uploads\/[0-9a-f-]+\.jpg\)\n\n$/);
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Meet them' })).toBeVisible();
    await expect(preview.getByRole('img', { name: 'six puppies' })).toHaveAttribute('src', /^\/uploads\//);

    // The draft saves itself; a visitor still cannot see it.
    await expect(form.getByRole('status').filter({ hasText: 'Draft saved automatically' })).toBeVisible();
    const visitor = waitsForApp(await browser.newPage({ baseURL: server.base }));
    await visitor.goto(`/blog/${slug}`);
    await expect(h1(visitor, 'Article not found')).toBeVisible();

    // The private preview shows the page as visitors will see it.
    await form.getByRole('link', { name: 'Private preview' }).click();
    await expect(page.getByText('Private preview: draft')).toBeVisible();
    await expect(h1(page, title)).toBeVisible();
    await expect(page.getByRole('img', { name: 'six puppies' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to editing this post' }).click();

    // Scheduled 20 seconds ahead (time enough to see it is not online yet): it goes online at its time,
    // without anyone doing anything.
    const editor = page.getByRole('form', { name: `Edit post: ${title}` });
    const at = await page.evaluate(() => {
      const d = new Date(Date.now() + 20_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    });
    await editor.getByLabel('Publish at').fill(at);
    await editor.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(page, 'Scheduled');
    await expect(editor.getByRole('region', { name: 'Publishing' }).getByText('Scheduled', { exact: true })).toBeVisible();
    const feed = async () => (await visitor.request.get('/blog/feed.xml')).text();
    const sitemap = async () => (await visitor.request.get('/sitemap.xml')).text();
    expect(await feed()).not.toContain(`/blog/${slug}<`);
    expect(await sitemap()).not.toContain(`/blog/${slug}<`);
    // Once its time has come: in the feed, in the sitemap and on /blog.
    await expect.poll(feed, { timeout: 90_000, intervals: [1_000] }).toContain(`/blog/${slug}</link>`);
    expect(await sitemap()).toContain(`/blog/${slug}</loc>`);

    await visitor.goto('/blog');
    await visitor.getByRole('link', { name: title }).click();
    await expect(h1(visitor, title)).toBeVisible();
    await expect(visitor.getByRole('img', { name: 'six puppies' })).toBeVisible();
    await expect(visitor.getByText('min read')).toBeVisible();
    // A link inside the text is underlined, not told apart by colour alone.
    await expect(visitor.getByRole('main').getByRole('link', { name: 'how we raise them' })).toHaveCSS('text-decoration-line', 'underline');
    await visitor.close();
  });

  test('attaches a PDF care sheet to a new guide; a family downloads it under its own name', async ({ page, browser }, info) => {
    const suffix = info.project.name === 'mobile' ? 'M' : 'D';
    const title = `Go-Home Paperwork ${suffix}`;
    await signInAdmin(page);
    await openSection(page, 'Resources', 'Owner resources');
    await page.getByRole('button', { name: 'Add a guide' }).click();
    const newForm = page.getByRole('form', { name: 'New guide' });
    await newForm.getByRole('textbox', { name: 'Title' }).fill(title);
    await newForm.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Go-home' }).click();
    await newForm
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Everything you will sign and take home, as our [terms of service](/terms-of-service) describe.');
    await newForm
      .getByLabel('Upload add pdf files')
      .setInputFiles({ name: 'Care_sheet.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Care sheet') });
    await expect(newForm.getByText('1 of 1 added')).toBeVisible();
    const name = newForm.getByRole('textbox', { name: 'Name of attachment 1' });
    await expect(name).toHaveValue('Care sheet');
    await name.fill('Go-home care sheet');
    // A file that is not a PDF is refused with the reason.
    await newForm.getByLabel('Upload add pdf files').setInputFiles({
      name: 'photo.pdf',
      mimeType: 'application/pdf',
      buffer: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
    });
    await expect(newForm.getByText(/Not added: Attach a PDF file/)).toBeVisible();
    await newForm.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    const form = page.getByRole('form', { name: `Edit guide: ${title}` });
    await expect(form.getByRole('textbox', { name: 'Name of attachment 1' })).toHaveValue('Go-home care sheet');
    await form.getByRole('button', { name: 'Publish now' }).click();
    await expectToast(page, 'Published');

    const visitor = waitsForApp(await browser.newPage({ baseURL: server.base }));
    await visitor.goto('/resources');
    await visitor.getByRole('link', { name: title }).click();
    await expect(h1(visitor, title)).toBeVisible();
    await expect(visitor.getByRole('main').getByRole('link', { name: 'terms of service' })).toHaveCSS('text-decoration-line', 'underline');
    const downloads = visitor.getByRole('region', { name: 'Downloads' });
    const link = downloads.getByRole('link', { name: 'Go-home care sheet' });
    await expect(link).toHaveAttribute('href', /^\/uploads\/[0-9a-f-]+\.pdf$/);
    const file = await visitor.request.get((await link.getAttribute('href'))!);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toContain('filename="Care_sheet.pdf"');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await visitor.close();
  });

  test('edits the privacy policy: the page shows the new date, and the earlier version stays listed', async ({ page }, info) => {
    const added = `We now keep puppy-visit sign-ups for one year (${info.project.name}).`;
    await signInAdmin(page);
    await openSection(page, 'Legal', 'Legal pages');
    await page.getByRole('button', { name: 'Edit legal page “Privacy Policy”' }).click();
    const form = page.getByRole('form', { name: 'Edit legal page: Privacy Policy' });
    await expect(form.getByText('Saving publishes a new version')).toBeVisible();
    const body = form.getByRole('textbox', { name: 'Text', exact: true });
    await body.fill(`${await body.inputValue()}\n\n${added}`);
    // Leaving for another section with the change unsaved asks first; keeping on editing keeps the text.
    if (isPhone(page)) await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: /^Blog/ }).click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/legal/);
    await expect(body).toHaveValue(new RegExp(`${added.replace(/[.()]/g, '\\$&')}$`));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Changes saved');

    await page.goto('/privacy-policy');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    await expect(page.getByText(`Last updated ${today}`)).toBeVisible();
    await expect(page.getByText(added)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Earlier versions' })).toBeVisible();

    await page.getByRole('link', { name: 'Version of November 1, 2026' }).click();
    await expect(page.getByText('Last updated November 1, 2026')).toBeVisible();
    await expect(page.getByText('You are reading the version published on November 1, 2026.')).toBeVisible();
    await expect(page.getByText('There are no third-party trackers on this website', { exact: false })).toBeVisible();
    await expect(page.getByText(added)).toHaveCount(0);
    await page.getByRole('link', { name: 'Read the current version' }).click();
    await expect(page.getByText(added)).toBeVisible();
  });
});

test.describe('a family reads the blog', () => {
  const server = usePrivateServer({ offset: 71, seed: true });

  test('pages through older posts and filters them by a tag', async ({ page }) => {
    // Nine more posts, published through the real API by the breeder, make a second page.
    const headers = { origin: server.base, 'content-type': 'application/json' };
    expect((await page.request.post('/api/login', { headers, data: { username: 'breeder', password: 'golden-meadow-2026' } })).ok()).toBe(
      true,
    );
    for (let i = 1; i <= 9; i++) {
      const created = await page.request.post('/trpc/admin.articles.create', {
        headers,
        data: {
          kind: 'blog',
          title: `Puppy Diary, Day ${i}`,
          summary: `What the puppies did on day ${i}.`,
          body: `Day ${i} in the whelping room.`,
          tags: ['diary'],
        },
      });
      expect(created.ok()).toBe(true);
      const { id } = ((await created.json()) as { result: { data: { id: number } } }).result.data;
      expect((await page.request.post('/trpc/admin.articles.publish', { headers, data: { id } })).ok()).toBe(true);
    }
    await page.request.post('/api/logout', { headers });

    await page.goto('/blog');
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Puppy Diary, Day 9' })).toBeVisible();
    await pager.getByRole('link', { name: 'Older posts →' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    // The oldest posts: the seed's first ones.
    await expect(page.getByRole('link', { name: 'What Is Puppy Culture?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Puppy Diary, Day 9' })).toHaveCount(0);
    await pager.getByRole('link', { name: '← Newer posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();

    // The diary tag: its nine posts on one page, nothing else, and the tag marked as the current filter.
    const tags = page.getByRole('navigation', { name: 'Filter posts by tag' });
    await tags.getByRole('link', { name: 'diary', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?tag=diary$/);
    await expect(tags.getByRole('link', { name: 'diary', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: /^Puppy Diary, Day \d$/ })).toHaveCount(9);
    await expect(page.getByRole('link', { name: 'What Is Puppy Culture?' })).toHaveCount(0);
    await expect(pager).toHaveCount(0);
    await tags.getByRole('link', { name: 'All posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
  });
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-admin-dashboard]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
