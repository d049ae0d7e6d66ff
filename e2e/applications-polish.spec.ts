// Issue 29's applications, families and portal polish: the waitlist shown in Change status is the one used
// (and the e-mail names it), the pickup table is one card per puppy on a phone, and the minors around them.
import { usePrivateServerWithMail } from './private-server.ts';
import { atRest, expect, test, waitsForApp, type APIRequestContext, type Page } from './fixtures.ts';
import { ADMIN, openSection, signInAdmin } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';
import { inBothThemes } from './axe.ts';
import { formatDay } from '../src/lib/shared/format.ts';
import sharp from 'sharp';
import { tinyPdf } from '../src/server/testing/uploads.ts';
import { type TestSmtpServer } from '../src/features/mail/server/mail.test-helpers.ts';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A family that registered through the API, verified its address with the link the site mailed it (only a
 * verified address receives the application's e-mails, decision 108), applied for `litterId` and was
 * approved by the breeder; its application's id.
 */
async function approvedFamily(
  request: APIRequestContext,
  base: string,
  smtp: TestSmtpServer,
  litterId: number,
  name: string,
  email: string,
) {
  const headers = { origin: base, 'content-type': 'application/json' };
  const username = unique('fam');
  const password = 'porch-swing-lemonade-7';
  expect(
    (await request.post(`${base}/api/register`, { headers, data: { username, password, confirmPassword: password, email } })).status(),
  ).toBe(201);
  const verifyLink = () => {
    const mail = smtp.received.find((m) => m.to.includes(email) && /\/verify-email\?token=/.test(m.text));
    return mail ? new URL(/http\S+\/verify-email\?token=\S+/.exec(mail.text)![0]) : undefined;
  };
  await expect.poll(verifyLink, { timeout: 20_000 }).toBeTruthy();
  const token = verifyLink()!.searchParams.get('token');
  expect((await request.post(`${base}/trpc/auth.verifyEmail`, { headers, data: { token } })).ok()).toBe(true);
  const sent = await request.post(`${base}/api/applications`, {
    headers,
    data: {
      name,
      email,
      location: 'Denver, CO',
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
      litterId,
      idempotencyKey: unique('k'),
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  await request.post(`${base}/api/logout`, { headers });
  expect((await request.post(`${base}/api/login`, { headers, data: ADMIN })).ok()).toBe(true);
  expect((await request.post(`${base}/trpc/admin.applications.changeStatus`, { headers, data: { id, status: 'approved' } })).ok()).toBe(
    true,
  );
  await request.post(`${base}/api/logout`, { headers });
  return { id, username, password, email, name };
}

async function litterId(request: APIRequestContext, base: string, name: string) {
  const litters = (await (await request.get(`${base}/api/litters/active`)).json()) as Array<{ id: number; name: string }>;
  return litters.find((l) => l.name === name)!.id;
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('applications, families and portal polish', () => {
  test.describe.configure({ mode: 'serial' });
  const { server, smtp } = usePrivateServerWithMail({ offset: 88, seed: true });
  /** The family of the first journey, on the Spring waitlist after it (and matched by the second). The first journey
   * runs on both devices (@both): the laptop's journey below reads its family. */
  let shown: Awaited<ReturnType<typeof approvedFamily>>;
  const today = () => formatDay(new Date().toISOString().slice(0, 10));
  const headers = () => ({ origin: server.base, 'content-type': 'application/json' });

  test(
    'On the waitlist, saved without touching the Waitlist select, files the family on the list shown and the e-mail names it',
    { tag: '@both' },
    async ({ page, request }, info) => {
      const spring = await litterId(request, server.base, 'Spring Litter');
      const email = `shown-${info.project.name}@example.com`;
      const family = `Shown Family ${info.project.name}`;
      shown = await approvedFamily(request, server.base, smtp(), spring, family, email);

      await signInAdmin(page, `/admin/applications`);
      await page.getByRole('button', { name: new RegExp(family) }).click();
      await expect(page.getByRole('heading', { name: `Application from ${family}` })).toBeVisible();
      const status = page.getByRole('form', { name: 'Change status' });
      await status.getByLabel('New status').selectOption({ label: 'On the waitlist' });
      // The select shows the family's litter; it is left as it is.
      await expect(status.getByLabel('Waitlist', { exact: true }).locator('option:checked')).toHaveText('Spring Litter');
      await status.getByRole('button', { name: 'Change status and e-mail the family' }).click();
      const answers = page.getByRole('article', { name: 'Answers' });
      await expect(answers).toContainText('on the waitlist for the Spring Litter');
      await expect(answers).not.toContainText('general waitlist');

      const mail = await expect
        .poll(() => smtp().received.find((m) => m.to.includes(email) && /You are \S+ on/.test(m.text)), { timeout: 20_000 })
        .toBeTruthy()
        .then(() => smtp().received.find((m) => m.to.includes(email) && /You are \S+ on/.test(m.text))!);
      expect(mail.text).toContain('on the waitlist for the Spring Litter');
      expect(mail.text).not.toContain('general waitlist');
    },
  );

  test('the deposit form says nothing is recorded until it is saved; the Waitlist opens on a list with families, with counts, and says where a matched family went', async ({
    page,
  }) => {
    await signInAdmin(page, '/admin/applications');
    await page.goto(`/admin/applications?edit=${shown.id}`);
    const deposit = page.getByRole('form', { name: 'Deposit' });
    await expect(deposit.getByText('No deposit recorded yet')).toBeVisible();
    await deposit.getByRole('button', { name: 'Save deposit' }).click();
    await expect(deposit.getByText(`Recorded: $500 received ${today()}.`)).toBeVisible();

    await openSection(page, 'Waitlist');
    // Not the empty General list: the Spring Litter's, where the family is.
    await expect(page.getByLabel('Waitlist for').locator('option:checked')).toHaveText('Spring Litter');
    const counts = page.getByRole('list', { name: 'Families on each waitlist' });
    await expect(counts.getByRole('button', { name: 'Spring Litter: 1 family' })).toBeVisible();
    await expect(counts.getByRole('button', { name: 'General waitlist: 0 families' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Spring Litter, in order' });
    const row = list.getByRole('listitem', { name: `1st: ${shown.name}` });
    // The deposit in words, not as ISO.
    await expect(row).toContainText(`Deposit $500 received ${today()}`);
    await row.getByRole('button', { name: 'Match to a puppy' }).click();
    const dialog = page.getByRole('dialog', { name: `Match ${shown.name} to a puppy` });
    await dialog.getByLabel('Available puppy').selectOption({ label: 'Biscuit (Autumn Litter)' });
    await dialog.getByRole('button', { name: 'Match and reserve' }).click();
    await expect(dialog).toHaveCount(0);
    const note = page.getByRole('alert').filter({ hasText: `${shown.name} is matched with Biscuit` });
    await expect(note).toBeVisible();
    // The green alert's title and link in the text colours of both themes (axe, WCAG 2.2 AA).
    expect(await inBothThemes(page, "the waitlist's matched alert")).toEqual([]);
    await note.getByRole('link', { name: 'Families' }).click();
    await expect(page.getByRole('heading', { name: 'Families', level: 2, exact: true })).toBeVisible();
  });

  test('My Family: the puppy and its pickup countdown first, then the application with the recorded deposit; one "Autumn Litter"; axe-clean', async ({
    page,
    request,
  }) => {
    // The breeder sets Biscuit's pickup (through the same procedure as the Families screen).
    expect((await request.post(`${server.base}/api/login`, { headers: headers(), data: ADMIN })).ok()).toBe(true);
    const puppies = (await (await request.get(`${server.base}/api/puppies/featured`)).json()) as Array<{ id: number; name: string }>;
    const biscuit = puppies.find((p) => p.name === 'Biscuit')!.id;
    const at = new Date(Date.now() + 20 * 86_400_000).toISOString();
    expect(
      (await request.post(`${server.base}/trpc/admin.portal.setPickup`, { headers: headers(), data: { puppyId: biscuit, at } })).ok(),
    ).toBe(true);

    expect(
      (await page.request.post('/api/login', { headers: headers(), data: { username: shown.username, password: shown.password } })).ok(),
    ).toBe(true);
    await page.goto('/account');
    const puppy = page.getByRole('heading', { name: 'Biscuit', exact: true, level: 2 });
    const applications = page.getByRole('heading', { name: 'Your applications', level: 2 });
    await expect(puppy).toBeVisible();
    await expect(applications).toBeVisible();
    await expect(page.getByText('Pickup day')).toBeVisible();
    expect((await puppy.boundingBox())!.y).toBeLessThan((await applications.boundingBox())!.y);
    await expect(page.getByText('From the Autumn Litter', { exact: true })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Litter litter');
    await expect(page.getByText(`Deposit of $500 received ${today()} (non-refundable).`)).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('an inquiry from a family that applied links to its application', async ({ page, request }) => {
    const sent = await request.post(`${server.base}/api/inquiries`, {
      headers: headers(),
      data: { name: shown.name, email: shown.email, interest: 'waitlist', message: 'When will Biscuit be ready to come home?' },
    });
    expect(sent.ok()).toBe(true);
    await signInAdmin(page, '/admin/inbox');
    await page
      .getByRole('button', { name: new RegExp(shown.name) })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: `Inquiry from ${shown.name}` })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`^Application from ${shown.name}`) }).click();
    await expect(page.getByRole('heading', { name: `Application from ${shown.name}` })).toBeVisible();
  });

  test(
    'a laptop screen: Families is in the sidebar without scrolling; Today’s activity links to the family’s application',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signInAdmin(page, '/admin');
      const families = page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: /^Families/ });
      const box = (await families.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(768);
      await expect(page.getByRole('heading', { name: /^Needs you/, level: 3 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Coming up', level: 3 })).toBeVisible();
      // The family applied this week: its line opens the application.
      await expect(
        page.getByRole('list', { name: 'Recent activity' }).getByRole('link', { name: new RegExp(`^${shown.name} applied`) }),
      ).toHaveAttribute('href', `/admin/applications?edit=${shown.id}`);
    },
  );

  test('Families: a photo’s remove button is at least 24 px; the shared-document link reaches 4.5:1 in the dark theme', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await signInAdmin(page, '/admin/families');
    const post = page.getByRole('form', { name: 'Post an update' });
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
    await post.getByLabel('Upload photos').setInputFiles({ name: 'nap.jpg', mimeType: 'image/jpeg', buffer: photo });
    const remove = post.getByRole('button', { name: 'Remove this photo' });
    await expect(remove).toBeVisible();
    const size = (await remove.boundingBox())!;
    expect(size.width).toBeGreaterThanOrEqual(24);
    expect(size.height).toBeGreaterThanOrEqual(24);

    await page.getByRole('combobox', { name: 'Family', exact: true }).click();
    await page.getByRole('listbox', { name: 'Family', exact: true }).getByRole('option', { name: shown.name, exact: true }).click();
    await page.getByRole('textbox', { name: 'Document name' }).fill('Health record');
    await page
      .getByLabel('Upload pdf documents')
      .setInputFiles({ name: 'health.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Health') });
    await expect(page.getByRole('link', { name: 'Health record' })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('a[download]').withRules(['color-contrast']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(0);
  });

  test('the “Thank you!” after the questionnaire reads at 4.5:1 (axe, light theme)', async ({ page }, info) => {
    const username = unique('thanks');
    const password = 'porch-swing-lemonade-7';
    const email = `thanks-${info.project.name}@example.com`;
    expect(
      (
        await page.request.post('/api/register', { headers: headers(), data: { username, password, confirmPassword: password, email } })
      ).status(),
    ).toBe(201);
    // A draft saved on the server (as the questionnaire saves one while a family types) fills the form.
    const values = {
      name: 'Thankful Family',
      email,
      location: 'Denver, CO',
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
    };
    expect((await page.request.post('/trpc/applications.saveDraft', { headers: headers(), data: { values } })).ok()).toBe(true);
    await page.goto('/questionnaire');
    await expect(page.locator('form#questionnaire').getByLabel('Your name')).toHaveValue('Thankful Family');
    await page.getByRole('button', { name: 'Send Questionnaire' }).click();
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you!' });
    await expect(thanks).toBeVisible();
    await atRest(page);
    const results = await new AxeBuilder({ page }).include('#main').withRules(['color-contrast']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('one weighing is said in words, not a lone dot on a one-tick chart; the breeder’s update shows its time without seconds', async ({
    page,
    browser,
  }, info) => {
    const username = unique('pebble');
    const password = 'porch-swing-lemonade-7';
    const email = `${username}@example.com`;
    expect(
      (
        await page.request.post('/api/register', { headers: headers(), data: { username, password, confirmPassword: password, email } })
      ).status(),
    ).toBe(201);
    // The breeder, in a browser of her own: a new litter with one puppy, matched to this family, weighed once.
    const admin = await browser.newContext({ baseURL: server.base });
    const call = async <T>(path: string, data?: unknown): Promise<T> => {
      const res =
        data === undefined
          ? await admin.request.get(`/trpc/${path}`)
          : await admin.request.post(`/trpc/${path}`, { headers: headers(), data });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { result: { data: T } }).result.data;
    };
    expect((await admin.request.post('/api/login', { headers: headers(), data: ADMIN })).ok()).toBe(true);
    const born = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const name = `Pebble${info.project.name === 'mobile' ? 'M' : 'D'}`;
    const litter = await call<{ id: number }>('admin.litters.create', {
      name: `Winter ${name}`,
      motherName: 'Maple',
      fatherName: 'Cooper',
      birthDate: born,
    });
    const puppy = await call<{ id: number }>('admin.puppies.create', {
      name,
      gender: 'female',
      color: 'Cream',
      litterId: litter.id,
      status: 'reserved',
    });
    const families = await call<Array<{ id: number; name: string }>>('admin.portal.families');
    await call('admin.portal.setFamily', { puppyId: puppy.id, familyId: families.find((f) => f.name === username)!.id });
    const weighed = new Date().toISOString().slice(0, 10);
    await call('admin.portal.postUpdate', {
      puppyId: puppy.id,
      litterId: null,
      text: `${name} weighed in.`,
      photos: [],
      weight: { value: 12, unit: 'oz', date: weighed },
    });

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: `${name}'s growth` })).toBeVisible();
    await expect(page.getByText('One weight so far: 12 oz at 10 days old.')).toBeVisible();
    await expect(page.locator('.recharts-wrapper')).toHaveCount(0);

    // Signed in through the API above.
    const breeder = waitsForApp(await admin.newPage());
    await breeder.goto('/admin/families');
    const heading = breeder
      .getByRole('article', { name: `Update for ${name}` })
      .first()
      .locator('p')
      .first();
    await expect(heading).toContainText(name);
    expect(await heading.textContent()).not.toMatch(/\d:\d{2}:\d{2}/);
    await expect(breeder.getByRole('article', { name: `Update for ${name}` }).first()).toContainText(
      `Weight: 12 oz on ${formatDay(weighed)}`,
    );
    await admin.close();
  });

  test.describe('on a phone', { tag: '@phone' }, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the pickup table is one card per puppy: nothing runs off the screen, Save is within it', async ({ page }) => {
      await signInAdmin(page, '/admin/families');
      await expect(page.getByRole('heading', { name: 'Families', level: 2, exact: true })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Puppies, families and pickup' }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      expect(count).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) {
        const card = cards.nth(i);
        await card.scrollIntoViewIfNeeded();
        const save = card.getByRole('button', { name: 'Save' });
        const box = (await save.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        const family = (await card.getByRole('combobox', { name: /^Family for / }).boundingBox())!;
        expect(family.x + family.width).toBeLessThanOrEqual(390);
      }
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  });
});
