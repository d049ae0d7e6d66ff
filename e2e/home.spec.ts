// The home page a visiting family sees (issue 3): every section with seeded data, the filters,
// the puppy dialog, the gallery and lightbox, the testimonial slider, both forms, the header and
// footer, the empty and error states, and axe at both widths.
import { privateServer } from './private-server.ts';
import { atRest, expect, test, type Locator, type Page, type Route } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

const HEADER_TOLERANCE = 3;

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 1280) >= 768;

/** The header's navigation: the desktop bar, or the mobile menu (opened first) below 768 px. */
async function nav(page: Page): Promise<Locator> {
  if (isDesktop(page)) return page.getByRole('navigation', { name: 'Main' });
  const open = page.getByRole('button', { name: 'Open navigation menu' });
  const close = page.getByRole('button', { name: 'Close navigation menu' });
  // Wait for the header after a navigation; the menu may already be open.
  await expect(open.or(close)).toBeVisible();
  if (await open.isVisible()) await open.click();
  return page.getByRole('navigation', { name: 'Mobile' });
}

/** Distance between a section's top and the header's bottom (0 when section navigation landed). */
function sectionOffset(page: Page, id: string) {
  return page.evaluate((id) => {
    const el = document.getElementById(id);
    const header = document.getElementById('header');
    if (!el || !header) return Number.NaN;
    return Math.abs(Math.round(el.getBoundingClientRect().top - header.getBoundingClientRect().height));
  }, id);
}

async function expectSectionAtTop(page: Page, id: string) {
  await expect
    .poll(() => sectionOffset(page, id), { timeout: 10_000, message: `#${id} below the header` })
    .toBeLessThanOrEqual(HEADER_TOLERANCE);
}

/** Scrolls through the page so every lazy part (images, footer form) loads. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
}

const section = (page: Page, id: string) => page.locator(`section#${id}`);
const toastArea = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
/** While one toast replaces another, the old one is still fading out: check the area's text. */
const toast = toastArea;

/** A tRPC 500 for a batched mutation, as the server's error formatter shapes it (a server fault cannot be asked for). */
function trpcServerError() {
  const body = [{ error: { message: '', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }];
  return { status: 500, contentType: 'application/json', body: JSON.stringify(body) };
}

test.describe('seeded home page', () => {
  test('the sections render in order with the seeded content', async ({ page }) => {
    // The dashboard's installable app stays out of the public first view (issue 34): no manifest, no worker code.
    const scripts: Array<Promise<string>> = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    await page.goto('/');
    await expect(page).toHaveTitle('Aspen Meadow Doodles | Mini Goldendoodle Puppies in Colorado');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

    const ids = await page.evaluate(() => Array.from(document.querySelectorAll('main section[id]')).map((s) => s.id));
    expect(ids).toEqual(['home', 'about', 'puppies', 'litters', 'parents', 'process', 'gallery', 'testimonials', 'faq', 'contact']);

    const hero = section(page, 'home');
    await expect(hero.getByRole('heading', { level: 1, name: 'Home-Raised Mini Goldendoodles' })).toBeVisible();
    await expect(hero.getByRole('button', { name: 'See Our Puppies' })).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Contact Us' })).toBeVisible();
    for (const tile of ['Home-Raised', 'Natural Wellness', 'Non-Invasive Testing', 'Puppy Culture']) {
      await expect(hero.getByRole('heading', { name: tile, exact: true })).toBeVisible();
    }

    const about = section(page, 'about');
    await expect(about.getByText(/We are a family of five raising mini Goldendoodles/)).toBeVisible();
    await expect(about.getByText('Early Neurological Stimulation and daily enrichment from day three')).toBeVisible();
    await expect(about.getByRole('button', { name: 'Get To Know Us' })).toBeVisible();

    const puppies = section(page, 'puppies');
    for (const name of ['Biscuit', 'Honey', 'Clover', 'Murphy', 'Teddy']) {
      await expect(puppies.getByRole('button', { name: `View details for ${name}` })).toBeVisible();
    }
    await expect(puppies.getByText('Poppy')).toHaveCount(0); // sold
    await expect(puppies.getByText('$2,800')).toBeVisible();
    await expect(puppies.getByText('Contact for pricing')).toHaveCount(2);
    await expect(puppies.getByText(/Male · Apricot · \d+ weeks old/)).toBeVisible();

    const litters = section(page, 'litters');
    await expect(litters.getByRole('heading', { name: 'Autumn Litter' })).toBeVisible();
    await expect(litters.getByText('Maple × Cooper')).toBeVisible();
    await expect(litters.getByRole('button', { name: /^View Puppies/ })).toHaveCount(1);
    await expect(litters.getByRole('button', { name: /^Join the Waitlist/ })).toHaveCount(1);

    const parents = section(page, 'parents');
    await parents.scrollIntoViewIfNeeded();
    for (const name of ['Maple', 'Willow', 'Cooper', 'Bear']) await expect(parents.getByRole('heading', { name })).toBeVisible();
    await expect(parents.getByText(/Age: 3 years, \d+ months · Weight: 22 lbs/)).toBeVisible();
    await expect(parents.getByText(/Age: (9|10) months · Weight: 19 lbs/)).toBeVisible();

    const process = section(page, 'process');
    for (const title of ['Thoughtful Pairings', 'Home-Raised Start', 'Temperament Testing', 'Go-Home Day']) {
      await expect(process.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(process.getByRole('button', { name: 'Ask About Our Process' })).toBeVisible();

    const gallery = section(page, 'gallery');
    await expect(gallery.getByRole('heading', { name: 'Puppy Gallery' })).toBeVisible();
    await expect(gallery.getByRole('button', { name: /^Open photo/ })).toHaveCount(4);

    const families = section(page, 'testimonials');
    await expect(families.getByRole('heading', { name: 'Happy Families' })).toBeVisible();
    await expect(families.getByRole('img', { name: /Rated [45] out of 5 stars/ }).first()).toBeVisible();

    const faq = section(page, 'faq');
    await faq.getByRole('button', { name: 'How much does a puppy cost?' }).click();
    await expect(faq.getByText('Our puppies are $2,500-$3,000 depending on size and litter.')).toBeVisible();
    await expect(faq.getByRole('button', { name: 'Ask Us a Question' })).toBeVisible();

    const contact = section(page, 'contact');
    await contact.scrollIntoViewIfNeeded();
    await expect(contact.getByRole('heading', { level: 2, name: 'Contact Us' })).toBeVisible();
    await expect(contact.getByRole('heading', { name: 'Get In Touch' })).toBeVisible();
    await expect(contact.getByText('Monument, Colorado')).toBeVisible();
    await expect(contact.getByRole('link', { name: '(719) 555-0142' })).toHaveAttribute('href', 'tel:7195550142');
    await expect(contact.getByRole('link', { name: 'info@aspenmeadowdoodles.com' })).toHaveAttribute(
      'href',
      'mailto:info@aspenmeadowdoodles.com',
    );
    await expect(contact.getByText('Available by appointment')).toBeVisible();
    await expect(contact.getByRole('link', { name: /^(Facebook|Instagram|YouTube) \(opens in a new tab\)$/ })).toHaveCount(3);

    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
    await expect(quick).toHaveText(['Home', 'About Us', 'Our Puppies', 'Our Process', 'Gallery', 'FAQ', 'Contact']);
    await expect(quick.nth(6)).toHaveAttribute('href', '/#contact');
    await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(3);
    await expect(footer.getByText(`© ${new Date().getFullYear()} Aspen Meadow Doodles. All rights reserved.`)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('form', { name: 'Newsletter' })).toBeVisible();

    // Every script the page loaded, its own and the code after hydration, holds no service-worker code.
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(0);
    // Case-sensitive: React DOM's own code names the 'serviceworker' preload type.
    expect(code.filter((text) => /serviceWorker|workbox/.test(text))).toEqual([]);
  });

  test('hero buttons scroll to their sections, and the header turns scrolled past 50 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#header');
    await expect(header).not.toHaveAttribute('data-scrolled');

    await section(page, 'home').getByRole('button', { name: 'See Our Puppies' }).click();
    await expectSectionAtTop(page, 'puppies');
    await expect(header).toHaveAttribute('data-scrolled');

    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute('data-scrolled');

    await page.evaluate(() => window.scrollTo(0, 0));
    await section(page, 'home').getByRole('button', { name: 'Contact Us' }).click();
    await expectSectionAtTop(page, 'contact');

    await page.evaluate(() => window.scrollTo(0, 0));
    await section(page, 'about').getByRole('button', { name: 'Get To Know Us' }).click();
    await expectSectionAtTop(page, 'contact');
  });

  test('hero media: the picture, then the muted looping video; a click pauses and plays it', async ({ page }) => {
    await page.goto('/');
    const hero = section(page, 'home');
    await expect(hero.locator('img').first()).toHaveAttribute('src', '/media/hero-poster.webp');
    const video = hero.locator('video');
    await expect(video).toHaveAttribute('src', '/media/hero.mp4');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && !v.paused && v.currentTime > 0)).toBe(true);

    await hero.getByRole('button', { name: 'Pause background video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await hero.getByRole('button', { name: 'Play background video' }).press('Enter');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

    // Clicking the moving background itself toggles it too.
    const box = (await hero.boundingBox())!;
    await page.mouse.click(box.x + box.width - 30, box.y + 30);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('hero media: a stored video is used, and both video errors are shown', { tag: '@phone' }, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('heroVideo', '/media/hero.mp4?stored=1'));
    await page.goto('/');
    await expect(section(page, 'home').locator('video')).toHaveAttribute('src', '/media/hero.mp4?stored=1');

    await page.route('**/media/missing.mp4', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.addInitScript(() => localStorage.setItem('heroVideo', '/media/missing.mp4'));
    await page.goto('/');
    await expect(section(page, 'home').getByText('Failed to load video', { exact: true })).toBeVisible();

    await page.addInitScript(() => {
      localStorage.removeItem('heroVideo');
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException('Autoplay is blocked', 'NotAllowedError'));
    });
    await page.goto('/');
    await expect(
      section(page, 'home').getByText('Failed to play video. Please ensure autoplay is allowed in your browser settings.'),
    ).toBeVisible();
  });

  test('litter filter, View Puppies and Join the Waitlist', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const puppies = section(page, 'puppies');
    const cards = puppies.getByRole('button', { name: /^View details for/ });
    await expect(cards).toHaveCount(5);
    const filter = puppies.getByLabel('Filter by litter');
    await expect(filter.locator('option')).toHaveText(['All Litters', 'Autumn Litter', 'Spring Litter']);

    await filter.selectOption({ label: 'Spring Litter' });
    await expect(cards).toHaveCount(0);
    await expect(puppies.getByText('No available puppies in this litter right now.')).toBeVisible();
    await filter.selectOption({ label: 'All Litters' });
    await expect(cards).toHaveCount(5);

    await section(page, 'litters').getByRole('button', { name: 'Join the Waitlist for the Spring Litter' }).click();
    await expect(page).toHaveURL(/\/questionnaire\?litter=\d+$/);
    await expect(page.getByLabel('Which litter are you applying for?').locator('option:checked')).toHaveText('Spring Litter');
    await page.goBack();

    await filter.selectOption({ label: 'Spring Litter' });
    await section(page, 'litters').getByRole('button', { name: 'View Puppies from the Autumn Litter' }).click();
    await expectSectionAtTop(page, 'puppies');
    await expect(filter.locator('option:checked')).toHaveText('Autumn Litter');
    await expect(cards).toHaveCount(5);
  });

  test('parent dogs: the gender filter', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const parents = section(page, 'parents');
    await parents.scrollIntoViewIfNeeded();
    const names = parents.getByRole('heading', { level: 3 });
    await expect(names).toHaveText(['Maple', 'Willow', 'Cooper', 'Bear']);
    await parents.getByText('Mothers', { exact: true }).click();
    await expect(names).toHaveText(['Maple', 'Willow']);
    await parents.getByText('Fathers', { exact: true }).click();
    await expect(names).toHaveText(['Cooper', 'Bear']);
    await parents.getByText('All Parents', { exact: true }).click();
    await expect(names).toHaveCount(4);
  });

  test(
    'puppy dialog for an assessed puppy: every field, the three tabs, focus trapped and restored',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      const card = page.getByRole('button', { name: 'View details for Biscuit' });
      await card.click();
      const dialog = page.getByRole('dialog', { name: 'Biscuit' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/^Male · \d+ weeks old · Apricot$/)).toBeVisible();
      await expect(dialog.getByRole('img', { name: /Biscuit, a apricot male mini Goldendoodle puppy/ })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'About Biscuit' })).toBeVisible();
      await expect(dialog.getByText('A happy-go-lucky boy who greets everyone')).toBeVisible();
      const row = (label: string) => dialog.getByRole('row', { name: new RegExp(`^${label} `) });
      await expect(row('Litter')).toContainText('Autumn Litter');
      await expect(row('Status')).toContainText('Available');
      await expect(row('Color')).toContainText('Apricot');
      await expect(row('Generation')).toContainText('F1B');
      await expect(row('Weight')).toContainText('6.5 lbs');
      await expect(row('Price')).toContainText('$2,800');
      await expect(row('Mother')).toContainText('Maple');
      await expect(row('Father')).toContainText('Cooper');
      await expect(dialog.getByRole('button', { name: 'Inquire About Biscuit' })).toBeVisible();

      await expect(dialog.getByRole('heading', { name: 'Personality Assessment' })).toBeVisible();
      await expect(dialog.getByRole('tab')).toHaveText(['Temperament', 'Sensitivity', 'Notes']);
      const panel = dialog.getByRole('tabpanel');
      for (const trait of ['Energy Level', 'Confidence', 'Independence', 'Sociability', 'Food Motivation', 'Toy Drive', 'Biddability']) {
        await expect(panel.getByText(trait, { exact: true })).toBeVisible();
      }
      await expect(panel.getByText('High', { exact: true })).toHaveCount(5);
      await expect(panel.getByText('Medium', { exact: true })).toHaveCount(2);
      await dialog.getByRole('tab', { name: 'Sensitivity' }).click();
      await expect(panel.getByText('Startles briefly at loud noises, recovers within seconds.')).toBeVisible();
      await dialog.getByRole('tab', { name: 'Notes' }).click();
      await expect(panel.getByText('First to the door and first to the lap.')).toBeVisible();
      await expect(panel.getByText('An active family with kids who will include him in everything.')).toBeVisible();

      // Focus stays inside while tabbing, Escape closes, and focus goes back to the card.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
    },
  );

  test('puppy dialog fallbacks for a seeded puppy without generation or weight', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'View details for Murphy' }).click();
    const murphy = page.getByRole('dialog', { name: 'Murphy' });
    await expect(murphy.getByRole('row', { name: /^Generation / })).toContainText('N/A');
    await expect(murphy.getByRole('row', { name: /^Weight / })).toHaveCount(0);
  });

  test('Inquire closes the dialog, presets the contact form and scrolls to it', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'View details for Honey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Honey' });
    await dialog.getByRole('button', { name: 'Inquire About Honey' }).click();
    await expect(dialog).toBeHidden();
    await expectSectionAtTop(page, 'contact');
    const form = page.getByRole('form', { name: 'Get In Touch' });
    await expect(form.getByLabel("I'm interested in")).toHaveValue('available');
    await expect(form.getByLabel('Message')).toHaveValue(/Honey/);
    await expect(form.getByLabel('Name')).toBeFocused();
  });

  test('gallery: View More / View Less, next batch prefetched, lightbox with buttons and keys', async ({ page, request }) => {
    const images = (await (await request.get('/api/gallery')).json()) as Array<{ imageUrl: string; title: string }>;
    expect(images.length).toBe(8);
    const requested = new Set<string>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/uploads/') && Number(url.searchParams.get('w')) >= 160) requested.add(url.pathname);
    });
    await page.goto('/');
    const gallery = section(page, 'gallery');
    await gallery.scrollIntoViewIfNeeded();
    const photos = gallery.getByRole('button', { name: /^Open photo/ });
    await expect(photos).toHaveCount(4);
    // Images 5–8 are fetched before View More is pressed.
    await expect.poll(() => images.slice(4).every((img) => requested.has(img.imageUrl))).toBe(true);

    const more = gallery.getByRole('button', { name: 'View More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(photos).toHaveCount(8);
    const less = gallery.getByRole('button', { name: 'View Less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await less.click();
    await expect(photos).toHaveCount(4);

    await photos.first().click();
    const box = page.getByRole('dialog', { name: images[0]!.title });
    await expect(box).toBeVisible();
    await expect(box.getByText('1 of 8')).toBeVisible();
    const big = box.getByRole('img', { name: new RegExp(`^${images[0]!.title}`) });
    await expect(big).toHaveAttribute('src', `${images[0]!.imageUrl}?w=800&q=80`);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await page.keyboard.press('ArrowLeft'); // wraps to the last
    await expect(page.getByRole('dialog', { name: images[7]!.title })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('8 of 8')).toBeVisible();
    await page.keyboard.press('ArrowRight'); // wraps to the first
    await expect(page.getByRole('dialog', { name: images[0]!.title })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Next image' }).click();
    await expect(page.getByRole('dialog', { name: images[1]!.title })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Previous image' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Previous image' }).click();
    await expect(page.getByRole('dialog', { name: images[7]!.title })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await photos.nth(2).click();
    await expect(page.getByRole('dialog', { name: images[2]!.title })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close gallery' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(photos.nth(2)).toBeFocused();
  });

  // Sets each width itself: run once (desktop project).
  test('testimonial slider: 3, 2 and 1 per view at 1280, 800 and 375 px; it wraps both ways', { tag: '@desktop' }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const families = section(page, 'testimonials');
    await families.scrollIntoViewIfNeeded();
    const slides = families.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(slides).toHaveCount(2);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(slides).toHaveCount(1);

    await expect(slides.first()).toHaveAttribute('aria-label', '1 of 5');
    await families.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(slides.first()).toHaveAttribute('aria-label', '5 of 5');
    await families.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(slides.first()).toHaveAttribute('aria-label', '1 of 5');
    await families.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(slides.first()).toHaveAttribute('aria-label', '2 of 5');
    await expect(families.getByRole('img', { name: /^Rated [1-5] out of 5 stars$/ })).toHaveCount(1);
  });

  test('contact form: each validation message, then a successful inquiry', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Get In Touch' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel("I'm interested in").locator('option')).toHaveText([
      'Select your area of interest',
      'Currently Available Puppies',
      'Upcoming Litters',
      'Joining the Waitlist',
      'General Information',
    ]);
    await expect(form.getByLabel("I'm interested in")).toHaveValue('available');

    // The honeypot: present for bots, invisible and unreachable for people.
    const trap = form.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(await trap.evaluate((el) => !!el.closest('[aria-hidden="true"]'))).toBe(true);
    expect((await trap.locator('xpath=..').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

    await form.getByLabel("I'm interested in").selectOption('');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please select your area of interest.')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();

    await form.getByLabel('Name').fill('Jo');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name must be at least 2 characters.')).toHaveCount(0);
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();

    // (The browser and the server share one schema, so no input reaches the server only to be refused
    // field by field; the server's field errors are tested against the real server in inquiries.test.ts.)
    await form.getByLabel('Email').fill('jo@example.com');
    await form.getByLabel("I'm interested in").selectOption({ label: 'Upcoming Litters' });
    await form.getByLabel('Message').fill('We would love to hear about your next litter.');

    // A network failure keeps the values and says so.
    await page.route('**/trpc/inquiries.create**', (route) => route.abort(), { times: 1 });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page)).toContainText('There was a problem submitting your inquiry. Please try again.');
    await expect(form.getByLabel('Message')).toHaveValue('We would love to hear about your next litter.');

    // Success: 'Sending...' with a spinner while it goes, then the toast and an empty form.
    await page.route('**/trpc/inquiries.create**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(toast(page)).toContainText('Inquiry Submitted');
    await expect(toast(page)).toContainText("We've received your message and will get back to you soon!");
    // A confirmation stands in for the form (family-polish.spec.ts checks it); the next form starts empty.
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByLabel("I'm interested in")).toHaveValue('available');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('toasts: one at a time, gone after 5 seconds, and F8 focuses the toast area', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await scrollThrough(page);
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastArea(page).getByRole('alert')).toHaveCount(1);
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[aria-label="Notifications (F8)"]'))).toBe(true);
    await page.mouse.move(0, 0);
    await expect(toastArea(page).getByRole('alert')).toHaveCount(0, { timeout: 8000 });
  });

  test('mobile menu: collapsible groups, any link closes it, and the Contact Us button', { tag: '@phone' }, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open navigation menu' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();

    const doodles = menu.getByRole('button', { name: 'Our Doodles' });
    await expect(doodles).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Our Parents' })).toBeHidden();
    await doodles.click();
    await expect(doodles).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Our Parents' }).click();
    await expect(menu).toBeHidden();
    await expectSectionAtTop(page, 'parents');

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await menu.getByRole('link', { name: 'Gallery' }).click();
    await expect(menu).toBeHidden();
    await expectSectionAtTop(page, 'gallery');

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await expect(menu).toBeHidden();
    await expectSectionAtTop(page, 'contact');

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await menu.getByRole('button', { name: 'Resources' }).click();
    await expect(menu.getByRole('link')).toContainText([
      'Owner Resources',
      'Family Questionnaire',
      'Blog',
      'FAQ',
      'Privacy Policy',
      'Terms of Service',
    ]);
    await menu.getByRole('link', { name: 'Owner Resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('desktop dropdowns: Our Doodles and Resources', { tag: '@desktop' }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();
    const doodles = main.getByRole('button', { name: 'Our Doodles' });
    await doodles.click();
    await expect(doodles).toHaveAttribute('aria-expanded', 'true');
    const doodleLinks = main.locator(`#${await doodles.getAttribute('aria-controls')}`).getByRole('link');
    await expect(doodleLinks).toHaveText(['Our Puppies', 'Our Parents', 'Our Litters', 'Family Tree']);
    await expect(doodleLinks.last()).toHaveAttribute('href', '/family-tree');
    await page.keyboard.press('Escape');
    await expect(doodles).toHaveAttribute('aria-expanded', 'false');
    await expect(doodles).toBeFocused();

    const resources = main.getByRole('button', { name: 'Resources' });
    await resources.click();
    const resourceLinks = main.locator(`#${await resources.getAttribute('aria-controls')}`).getByRole('link');
    await expect(resourceLinks).toHaveText([
      'Owner Resources',
      'Family Questionnaire',
      'Blog',
      'FAQ',
      'Privacy Policy',
      'Terms of Service',
    ]);
    await resourceLinks.filter({ hasText: 'FAQ' }).click();
    await expect(resources).toHaveAttribute('aria-expanded', 'false');
    await expectSectionAtTop(page, 'faq');

    await doodles.click();
    await doodleLinks.filter({ hasText: 'Our Litters' }).click();
    await expectSectionAtTop(page, 'litters');
  });

  test('section navigation from "/" scrolls in place; from another page it goes to /#id and scrolls there', async ({ page }) => {
    await page.goto('/');
    await (await nav(page)).getByRole('link', { name: 'Gallery' }).click();
    await expectSectionAtTop(page, 'gallery');
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/');

    await page.goto('/privacy-policy');
    await expect(page).toHaveTitle('Privacy Policy | Aspen Meadow Doodles');
    await (await nav(page)).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/#about$/);
    await expectSectionAtTop(page, 'about');
    await expect(page).toHaveTitle('Aspen Meadow Doodles | Mini Goldendoodle Puppies in Colorado');

    // Footer quick links work the same way, and the title follows client-side navigation.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page).toHaveTitle('Terms of Service | Aspen Meadow Doodles');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expectSectionAtTop(page, 'faq');

    // A shared link straight to a section.
    await page.goto('/#process');
    await expectSectionAtTop(page, 'process');
  });

  test('images: ladder widths and qualities, a blurred placeholder, fixed size, alt text, and Image unavailable', async ({
    page,
    request,
  }) => {
    const puppies = (await (await request.get('/api/puppies/featured')).json()) as Array<{ name: string; imageUrl: string }>;
    const honey = puppies.find((p) => p.name === 'Honey')!;
    const placeholders: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('w=40&q=30')) placeholders.push(r.url());
    });
    await page.route(
      (url) => url.pathname === honey.imageUrl,
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/');
    await scrollThrough(page);

    const imgs = page.locator('main img[src^="/uploads/"]');
    await expect.poll(() => imgs.count()).toBeGreaterThan(10);
    // One snapshot of every image: placeholders leave as pictures load, so indexes would shift between reads.
    const shown = await imgs.evaluateAll((els) =>
      els.map((el) => ({
        src: el.getAttribute('src')!,
        alt: el.getAttribute('alt'),
        width: el.getAttribute('width'),
        height: el.getAttribute('height'),
      })),
    );
    for (const img of shown) {
      const m = /\?w=(\d+)&q=(\d+)$/.exec(img.src);
      expect(m, img.src).not.toBeNull();
      const [w, q] = [Number(m![1]), Number(m![2])];
      expect(q, img.src).toBe(w === 40 ? 30 : w <= 300 ? 70 : w <= 600 ? 75 : 80);
      expect(Number(img.width)).toBeGreaterThan(0);
      expect(Number(img.height)).toBeGreaterThan(0);
      if (w !== 40) expect(img.alt?.length ?? 0, img.src).toBeGreaterThan(5);
    }
    expect(placeholders.length).toBeGreaterThan(0);

    const card = section(page, 'puppies')
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'View details for Honey' }) });
    await expect(card.getByText('Image unavailable')).toBeVisible();
    await expect(card.getByRole('img', { name: /Honey.*\(image unavailable\)/ })).toBeVisible();
  });
});

/**
 * The home page arrives rendered with its data (server rendering): its loading and error states show when
 * it is reached in the browser, after another page, with the API answering as `route` says.
 */
async function homeReachedInTheBrowser(page: Page, route: (route: Route) => Promise<void> | void) {
  await page.goto('/privacy-policy');
  await page.waitForLoadState('networkidle');
  await page.route('**/trpc/**', route);
  await page.getByRole('banner').getByRole('link', { name: 'Aspen Meadow Doodles' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

// The sections' error and loading states are the same markup at any width: the phone checks them.
test.describe('when the API fails', { tag: '@phone' }, () => {
  test('every section shows its loading error (network failure)', async ({ page }) => {
    await homeReachedInTheBrowser(page, (route) => route.abort());
    await expect(page.getByText('Error loading puppies. Please try again later.')).toBeVisible();
    await expect(page.getByText('Error loading litters. Please try again later.')).toBeVisible();
    await expect(page.getByText('Error loading parent dogs. Please try again later.')).toBeVisible();
    await expect(page.getByText('Failed to load gallery images. Please try again later.')).toBeVisible();
    await expect(page.getByText('Unable to load testimonials. Please try again later.')).toBeVisible();
    await expect(section(page, 'home').getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('every section shows its loading error (server error)', async ({ page }) => {
    await homeReachedInTheBrowser(page, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await expect(page.getByText('Error loading puppies. Please try again later.')).toBeVisible();
    await expect(page.getByText('Error loading litters. Please try again later.')).toBeVisible();
    await expect(page.getByText('Error loading parent dogs. Please try again later.')).toBeVisible();
    await expect(page.getByText('Failed to load gallery images. Please try again later.')).toBeVisible();
    await expect(page.getByText('Unable to load testimonials. Please try again later.')).toBeVisible();
  });

  test('skeletons show while the data is on its way', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await homeReachedInTheBrowser(page, async (route) => {
      await gate;
      await route.continue();
    });
    await expect(section(page, 'puppies').locator('.mantine-Skeleton-root').first()).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'View details for Biscuit' })).toBeVisible();
  });
});

// The newsletter form meets the server's own rate limit (5 subscriptions a minute from one address, scaled by
// RATE_LIMIT_FACTOR): the workers' servers multiply every limit by 50 for journeys that share one address, so this
// journey has a server of its own at 0.2, where the second subscription within the minute is refused. The phone's.
test.describe("with the server's own rate limit", { tag: '@phone' }, () => {
  const server = privateServer({ offset: 51, seed: true });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await server.start({ RATE_LIMIT_FACTOR: '0.2' });
  });
  test.afterAll(async () => server.stop());

  test("newsletter: empty e-mail, the name field on focus, processing, success, the server's own limit, a server error, no connection", async ({
    page,
  }) => {
    await page.goto(`${server.base}/`);
    await scrollThrough(page);
    const form = page.getByRole('form', { name: 'Newsletter' });
    await expect(form).toBeVisible();
    const email = form.getByLabel('Email address');
    await expect(email).toHaveAttribute('type', 'email');

    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Email is required');
    await expect(toast(page)).toContainText('Please enter your email address.');

    await expect(form.getByLabel('Name (optional)')).toHaveCount(0);
    await email.focus();
    await expect(form.getByLabel('Name (optional)')).toBeVisible();

    await email.fill(`family-${Date.now()}@example.com`);
    await form.getByLabel('Name (optional)').fill('The Parkers');
    await page.route(
      '**/trpc/subscribers.subscribe**',
      async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      },
      { times: 1 },
    );
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Processing...');
    await expect(email).toBeDisabled();
    await expect(toast(page)).toContainText('Thanks for subscribing!');
    await expect(email).toHaveValue('');
    await expect(email).toBeEnabled();
    await expect(form.getByLabel('Name (optional)')).toHaveCount(0);

    // The second subscription within the minute is over this server's limit: its own 429, its own message.
    await email.fill('again@example.com');
    const refused = page.waitForResponse((r) => r.url().includes('/trpc/subscribers.subscribe'));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect((await refused).status()).toBe(429);
    await expect(toast(page)).toContainText('Subscription error');
    // Under a minute left the server counts seconds; a whole minute (a refusal in the same second) reads "1 minute".
    await expect(toast(page)).toContainText(
      /Too many (requests\. Please try again in \d+ seconds?|attempts\. Please try again in 1 minute)\./,
    );

    await page.route('**/trpc/subscribers.subscribe**', (route) => route.fulfill(trpcServerError()), { times: 1 });
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('There was an error subscribing to the newsletter. Please try again.');

    await page.route('**/trpc/subscribers.subscribe**', (route) => route.abort(), { times: 1 });
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText('Subscription error');
    await expect(toast(page)).toContainText('There was an error connecting to the server. Please try again later.');
    await expect(email).toHaveValue('again@example.com');
  });
});

// Empty states are the same markup at any width; one private server (the phone project's) checks them.
test.describe('on an empty database', { tag: '@phone' }, () => {
  const server = privateServer({ offset: 50, seed: false });
  const base = server.base;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await server.start();
  });
  test.afterAll(async () => server.stop());

  test('every section shows its empty state', async ({ page }) => {
    await page.goto(`${base}/`);
    await expect(
      page.getByText('No puppies currently available. Please check our upcoming litters or contact us for more information.'),
    ).toBeVisible();
    await expect(page.getByText('No litters currently planned. Please contact us for more information on upcoming litters.')).toBeVisible();
    await expect(page.getByText('We are currently updating information about our parent dogs.')).toBeVisible();
    await expect(section(page, 'parents').getByRole('button', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('No gallery images available yet. Check back soon!')).toBeVisible();
    await expect(page.getByText('Testimonials from our happy families will appear here soon!')).toBeVisible();
    // The breeder's settings exist from the first start.
    await expect(section(page, 'contact').getByText('Monument, Colorado')).toBeVisible();

    await section(page, 'parents').getByRole('button', { name: 'Contact Us' }).click();
    await expectSectionAtTop(page, 'contact');
  });

  test('puppy dialog for a pending puppy without a litter: the fallbacks', async ({ page, playwright }) => {
    // The breeder adds a puppy with no litter, price or assessment through the real admin API.
    const api = await playwright.request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
    try {
      const login = await api.post('/api/login', { data: { username: 'breeder', password: 'golden-meadow-2026' } });
      expect(login.status()).toBe(200);
      const created = await api.post('/trpc/admin.puppies.create', {
        data: { name: 'Clover', gender: 'female', color: 'Apricot and white parti', price: 0, litterId: null, assessmentComplete: false },
      });
      expect(created.status()).toBe(200);
    } finally {
      await api.dispose();
    }

    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'View details for Clover' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clover' });
    await expect(dialog.getByRole('heading', { name: 'Assessment Pending' })).toBeVisible();
    await expect(dialog.getByText(/please check back later/)).toBeVisible();
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    await expect(dialog.getByText(/^Female · Age unknown · Apricot and white parti$/)).toBeVisible();
    const row = (label: string) => dialog.getByRole('row', { name: new RegExp(`^${label} `) });
    await expect(row('Litter')).toContainText('Unassigned');
    await expect(row('Price')).toContainText('Contact for pricing');
    await expect(row('Mother')).toContainText('N/A');
    await expect(row('Father')).toContainText('N/A');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('accessibility (axe)', () => {
  const axe = (page: Page) => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);

  test('the home page has no violations', async ({ page }) => {
    await page.goto('/');
    await scrollThrough(page);
    await expect(page.getByRole('form', { name: 'Newsletter' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Get In Touch' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('no violations with the puppy dialog open', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'View details for Biscuit' }).click();
    await expect(page.getByRole('dialog', { name: 'Biscuit' }).getByRole('tab', { name: 'Temperament' })).toBeVisible();
    await atRest(page);
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('no violations with the lightbox open, or with the mobile menu open', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const gallery = section(page, 'gallery');
    await gallery.scrollIntoViewIfNeeded();
    await gallery.getByRole('button', { name: /^Open photo 1 / }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Next image' })).toBeVisible();
    await atRest(page);
    let { violations } = await axe(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.getByRole('button', { name: 'Our Doodles' }).click();
    // The group opens with a height transition: axe measures target sizes once it has finished.
    await expect(mobile.getByRole('link', { name: 'Family Tree' })).toBeVisible();
    await atRest(page);
    ({ violations } = await axe(page).analyze());
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
