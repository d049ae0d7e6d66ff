// What a family tripped over on a phone and a laptop (issue 16): visible focus rings, the lightbox on
// a laptop screen, swiping, the waitlist and inquiry flows, text contrast, litter pictures, and a
// fresh unsubscribe link.
import { atRest, expect, test, type Locator, type Page } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

/** Contrast ratio (WCAG) between an element's text or outline colour and the background behind it. */
function contrastOf(target: Locator, what: 'color' | 'outlineColor' = 'color'): Promise<number> {
  return target.evaluate((el, what) => {
    const parse = (c: string) => {
      const probe = document.createElement('canvas').getContext('2d')!;
      probe.fillStyle = c;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return { rgb: [r!, g!, b!], a: a! / 255 };
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const fg = parse(getComputedStyle(el)[what]);
    // An outline sits outside the element: its backdrop is the parent's.
    let node: Element | null = what === 'outlineColor' ? el.parentElement : el;
    let bg = { rgb: [255, 255, 255], a: 1 };
    for (; node; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c.a > 0.9) {
        bg = c;
        break;
      }
    }
    if (!node) bg = parse(getComputedStyle(document.body).backgroundColor);
    const [l1, l2] = [lum(fg.rgb), lum(bg.rgb)].sort((a, b) => b - a);
    return (l1! + 0.05) / (l2! + 0.05);
  }, what);
}

const setScheme = (page: Page, scheme: 'light' | 'dark') =>
  page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);

/** Presses Tab until the focused element matches, as a keyboard user would get there. */
async function tabTo(page: Page, target: Locator, maxTabs = 80) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached with ${maxTabs} presses of Tab`);
}

/** A one-finger swipe through Chromium's touch input (pointer events with pointerType 'touch'). */
async function swipe(page: Page, target: Locator, dx: number, dy = 0) {
  const box = (await target.boundingBox())!;
  const x0 = box.x + box.width / 2 - dx / 2;
  const y0 = box.y + box.height / 2 - dy / 2;
  const cdp = await page.context().newCDPSession(page);
  const at = (k: number) => [{ x: x0 + dx * k, y: y0 + dy * k, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('keyboard focus on a puppy card draws a ring that nothing clips, at 3:1 against the page', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('button', { name: 'View details for Biscuit' });
  await tabTo(page, card);
  const ring = card.locator('xpath=ancestor::li[1]');
  const style = await ring.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset) };
  });
  expect(style.style).toBe('solid');
  expect(style.width).toBeGreaterThanOrEqual(2);
  expect(await contrastOf(ring, 'outlineColor')).toBeGreaterThanOrEqual(3);
  // Whatever clips (overflow other than visible) up the tree must hold the whole ring.
  const clipped = await ring.evaluate((el, { width, offset }) => {
    const r = el.getBoundingClientRect();
    const grow = width + Math.max(0, offset);
    const ringBox = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow };
    const out: string[] = [];
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (ringBox.left < b.left || ringBox.top < b.top || ringBox.right > b.right || ringBox.bottom > b.bottom)
        out.push(a.tagName + '.' + a.className);
    }
    return out;
  }, style);
  expect(clipped).toEqual([]);
});

test('a focused text input shows a ring at 3:1, not only a border colour', async ({ page }) => {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Get In Touch' });
  const name = form.getByLabel('Name');
  await expect(name).toBeVisible();
  await name.click();
  await page.keyboard.press('Tab');
  const email = form.getByLabel('Email');
  await expect(email).toBeFocused();
  const outline = await email.evaluate((el) => ({
    style: getComputedStyle(el).outlineStyle,
    width: parseFloat(getComputedStyle(el).outlineWidth),
  }));
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);
  expect(await contrastOf(email, 'outlineColor')).toBeGreaterThanOrEqual(3);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  // The journey sets its own screen size: run once, on the project whose device it stands for.
  test(
    `the lightbox picture and its controls fit a ${viewport.width}x${viewport.height} screen`,
    { tag: viewport.width < 768 ? '@phone' : '@desktop' },
    async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/#gallery');
      await page.getByRole('button', { name: /^Open photo 1 of/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(/^1 of \d+$/)).toBeVisible();
      await atRest(page);
      const parts = [
        dialog.getByRole('button', { name: 'Previous image' }),
        dialog.getByRole('button', { name: 'Next image' }),
        dialog.getByRole('button', { name: 'Close gallery' }),
        dialog.getByRole('img').first(),
      ];
      for (const part of parts) {
        const box = (await part.boundingBox())!;
        expect(box, String(part)).not.toBeNull();
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      // Nothing to scroll inside the dialog either.
      const overflow = await page.locator('.mantine-Modal-content').evaluate((el) => el.scrollHeight - el.clientHeight);
      expect(overflow).toBeLessThanOrEqual(1);
    },
  );
}

// Its own phone (viewport, touch): the same on both projects, so run once, on the phone project.
test.describe('on a phone', { tag: '@phone' }, () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a sideways swipe turns a puppy’s photos in its dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'View details for Biscuit' }).click();
    const photos = page.getByRole('dialog', { name: 'Biscuit' }).getByRole('group', { name: 'Photos of Biscuit' });
    await expect(photos.getByText('Photo 1 of 3')).toBeVisible();
    await atRest(page);
    const picture = photos.locator('[data-swipe-area]');
    await swipe(page, picture, -160);
    await expect(photos.getByText('Photo 2 of 3')).toBeVisible();
    await swipe(page, picture, 160);
    await swipe(page, picture, 160); // wraps to the last
    await expect(photos.getByText('Photo 3 of 3')).toBeVisible();
  });

  test('a sideways swipe turns the lightbox picture both ways', async ({ page }) => {
    await page.goto('/#gallery');
    await page.getByRole('button', { name: /^Open photo 1 of/ }).click();
    const dialog = page.getByRole('dialog');
    const counter = dialog.getByText(/^\d+ of \d+$/);
    await expect(counter).toHaveText(/^1 of /);
    await atRest(page);
    const picture = dialog.locator('[data-swipe-area]');
    await swipe(page, picture, -160);
    await expect(counter).toHaveText(/^2 of /);
    await swipe(page, picture, 160);
    await expect(counter).toHaveText(/^1 of /);
    await swipe(page, picture, 160); // wraps to the last
    await expect(counter).toHaveText(/^(\d+) of \1$/);
    // A short nudge is not a swipe.
    await swipe(page, picture, -20);
    await expect(counter).toHaveText(/^(\d+) of \1$/);
  });

  test('a sideways swipe moves the testimonial slider; its one-per-view count stays', async ({ page }) => {
    await page.goto('/#testimonials');
    const slider = page.locator('#testimonial-slides');
    const slides = slider.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(1);
    await expect(slides.first()).toHaveAttribute('aria-label', '1 of 5');
    await swipe(page, slider, -180);
    await expect(slides.first()).toHaveAttribute('aria-label', '2 of 5');
    await swipe(page, slider, 180);
    await swipe(page, slider, 180);
    await expect(slides.first()).toHaveAttribute('aria-label', '5 of 5');
    await expect(slides).toHaveCount(1);
    // Scrolling the page over the slider leaves it where it is.
    await swipe(page, slider, 0, -200);
    await expect(slides.first()).toHaveAttribute('aria-label', '5 of 5');
  });
});

test('Join the Waitlist opens the Family Questionnaire for that litter', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Join the Waitlist for the Spring Litter' }).click();
  await expect(page).toHaveURL(/\/questionnaire\?litter=\d+$/);
  const form = page.locator('form#questionnaire');
  await expect(form.getByLabel('Which litter are you applying for?').locator('option:checked')).toHaveText('Spring Litter');
});

test('a sent inquiry: the toast, a focused confirmation in place of the form, and Send another', async ({ page }) => {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Get In Touch' });
  await form.getByLabel('Name').fill('Jamie Rivera');
  await form.getByLabel('Email').fill('jamie@example.com');
  await form.getByLabel('Message').fill('We would love to hear about your next litter.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  const toastArea = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toastArea).toContainText('Inquiry Submitted');
  await expect(toastArea).toContainText("We've received your message and will get back to you soon!");
  const sent = page.getByRole('region', { name: 'Message sent' });
  await expect(sent).toBeFocused();
  await expect(sent).toContainText('Thank you, Jamie Rivera.');
  await expect(sent).toContainText('jamie@example.com');
  await expect(form).toHaveCount(0);

  await sent.getByRole('button', { name: 'Send another message' }).click();
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('error text and toast body text reach 4.5:1 in the light and dark schemes; the toast close button has a name', async ({ page }) => {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Get In Touch' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  const error = form.getByText('Name must be at least 2 characters.');
  await expect(error).toBeVisible();
  const bodyText = form.getByText('Tell us about your family');
  for (const scheme of ['light', 'dark', 'light'] as const) {
    await setScheme(page, scheme);
    expect(await contrastOf(error), `error text, ${scheme}`).toBeGreaterThanOrEqual(4.5);
    // Still an error colour, not plain text inherited from a colour the browser refused.
    const [errorColor, textColor] = await Promise.all([error, bodyText].map((l) => l.evaluate((el) => getComputedStyle(el).color)));
    expect(errorColor).not.toBe(textColor);
    expect(
      await error.evaluate((el) => (([r, g, b]) => r! > g! + 60 && r! > b! + 60)(getComputedStyle(el).color.match(/\d+/g)!.map(Number))),
    ).toBe(true);
  }

  await form.getByLabel('Name').fill('Jamie Rivera');
  await form.getByLabel('Email').fill('jamie@example.com');
  await form.getByLabel('Message').fill('We would love to hear about your next litter.');
  await page.route('**/trpc/inquiries.create**', (route) => route.abort(), { times: 1 });
  await form.getByRole('button', { name: 'Send Message' }).click();
  const toastBody = page.locator('[data-toast-region] .mantine-Notification-description');
  await expect(toastBody).toContainText('There was a problem submitting your inquiry.');
  await expect(page.locator('[data-toast-region]').getByRole('button', { name: 'Dismiss notification' })).toBeVisible();
  const toastTitle = page.locator('[data-toast-region] .mantine-Notification-title');
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    expect(await contrastOf(toastBody), `toast body, ${scheme}`).toBeGreaterThanOrEqual(4.5);
    // The body stays a quieter shade than the title.
    expect(await toastBody.evaluate((el) => getComputedStyle(el).color)).not.toBe(
      await toastTitle.evaluate((el) => getComputedStyle(el).color),
    );
  }
});

test('litter pictures are shown whole: the card keeps the picture’s own proportions', async ({ page }) => {
  await page.goto('/#litters');
  const pictures = page.locator('#litters li img[alt^="The "]');
  await expect(pictures).toHaveCount(2);
  for (const img of await pictures.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const { natural, shown } = await img.evaluate((el: HTMLImageElement) => ({
      natural: el.naturalWidth / el.naturalHeight,
      shown: el.clientWidth / el.clientHeight,
    }));
    expect(Math.abs(shown - natural) / natural).toBeLessThan(0.02);
  }
});

test('/unsubscribe without a link sends a fresh one, answering the same for any address', async ({ page }) => {
  await page.goto('/unsubscribe');
  const form = page.getByRole('form', { name: /No e-mail at hand/ });
  await form.getByRole('button', { name: 'Send me a link' }).click();
  await expect(form.getByText('Please enter your email address.')).toBeVisible();
  await form.getByLabel('Email').fill('nobody-here@example.com');
  await form.getByRole('button', { name: 'Send me a link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(sent).toBeFocused();
  await expect(sent).toContainText('If nobody-here@example.com is on our newsletter list, a new unsubscribe link is on its way to it.');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations).toEqual([]);
});

test('the hero lines up with the logo and the tiles, and its headline is balanced', { tag: '@both' }, async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('#home');
  const title = hero.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const left = async (l: Locator) => (await l.boundingBox())!.x;
  const logo = await left(page.getByRole('banner').getByRole('link').first());
  const firstTile = await left(hero.getByRole('listitem').first());
  expect(Math.abs((await left(title)) - logo)).toBeLessThanOrEqual(1);
  expect(Math.abs(firstTile - logo)).toBeLessThanOrEqual(1);
  await expect(title).toHaveCSS('text-wrap', /balance/);
});

test('the hero poster is preloaded on the home page only', async ({ page }) => {
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await page.goto('/');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('href', '/media/hero-poster.webp');
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(preload).toHaveCount(0);
});

test('links inside text are underlined, not told apart by colour alone', async ({ page }) => {
  await page.goto('/privacy-policy');
  const inText = page.getByRole('main').getByRole('link', { name: 'unsubscribe page' });
  await expect(inText).toBeVisible();
  await expect(inText).toHaveCSS('text-decoration-line', 'underline');
  await page.goto('/terms-of-service');
  const questionnaire = page.getByRole('main').getByRole('link', { name: 'Family Questionnaire' });
  await expect(questionnaire).toHaveCSS('text-decoration-line', 'underline');
  // A family tree: the mate named in the litter's line, and the way back to all the parents.
  const dogs = (await (await page.request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string }>;
  await page.goto(`/family-tree/${dogs.find((d) => d.name === 'Maple')!.id}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Cooper', exact: true })).toHaveCSS('text-decoration-line', 'underline');
  const back = page.getByRole('main').getByRole('link', { name: '← All parent dogs' });
  await expect(back).toHaveCSS('text-decoration-line', 'underline');
  // It leads elsewhere: it is not marked as the page being read.
  await expect(back).not.toHaveAttribute('aria-current', 'page');
});

test('a puppy’s dialog shows all its photos: buttons and arrow keys turn them, wrapping at both ends', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'View details for Biscuit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Biscuit' });
  const photos = dialog.getByRole('group', { name: 'Photos of Biscuit' });
  await expect(photos.getByText('Photo 1 of 3')).toBeVisible();
  await expect(photos.getByRole('img', { name: /^Biscuit, a apricot male mini Goldendoodle puppy, photo 1 of 3$/ })).toBeVisible();
  const first = await photos.getByRole('img').getAttribute('src');
  await photos.getByRole('button', { name: 'Next photo' }).click();
  await expect(photos.getByText('Photo 2 of 3')).toBeVisible();
  await expect(photos.getByRole('img')).not.toHaveAttribute('src', first!);
  // With focus on a control of the carousel, the arrow keys turn the photos.
  await page.keyboard.press('ArrowRight');
  await expect(photos.getByText('Photo 3 of 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(photos.getByText('Photo 1 of 3')).toBeVisible();
  await photos.getByRole('button', { name: 'Previous photo' }).click();
  await expect(photos.getByText('Photo 3 of 3')).toBeVisible();
  // The card shows the first photo; a puppy with one photo has no carousel controls.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'View details for Honey' }).click();
  const honey = page.getByRole('dialog', { name: 'Honey' });
  await expect(honey.getByRole('img', { name: /^Honey, a red female mini Goldendoodle puppy$/ })).toBeVisible();
  await expect(honey.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
});

test('a parent dog’s family tree shows all its photos', async ({ page }) => {
  const dogs = (await (await page.request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string; photos: string[] }>;
  const maple = dogs.find((d) => d.name === 'Maple')!;
  expect(maple.photos).toHaveLength(2);
  await page.goto(`/family-tree/${maple.id}`);
  const photos = page.getByRole('group', { name: 'Photos of Maple' });
  await expect(photos.getByText('Photo 1 of 2')).toBeVisible();
  await photos.getByRole('button', { name: 'Next photo' }).click();
  await expect(photos.getByText('Photo 2 of 2')).toBeVisible();
  await expect(photos.getByRole('img', { name: /^Maple, .*photo 2 of 2$/ })).toBeVisible();
});
