// Issue 29's applications, families and portal polish: the waitlist shown in Change status is the one used
// (and the e-mail names it), the pickup table is one card per puppy on a phone, and the minors around them.
import { privateServer } from './private-server.ts';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { ADMIN, signInAdmin } from './admin-fixture.ts';
import { startSmtpServer, type TestSmtpServer } from '../src/features/mail/server/mail.test-helpers.ts';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A family that applied for `litterId` (registered through the API) and was approved by the breeder; its application's id. */
async function approvedFamily(request: APIRequestContext, base: string, litterId: number, name: string, email: string) {
  const headers = { origin: base, 'content-type': 'application/json' };
  const username = unique('fam');
  const password = 'porch-swing-lemonade-7';
  expect((await request.post(`${base}/api/register`, { headers, data: { username, password, confirmPassword: password, email } })).status()).toBe(201);
  const sent = await request.post(`${base}/api/applications`, {
    headers,
    data: {
      name, email, location: 'Denver, CO', household: 'Two adults', allergies: 'no', homeType: 'house', ownership: 'own',
      yard: 'no', hoursAlone: 'under2', experience: 'now', experienceDetails: 'We have a poodle and love the breed.', size: 'mini',
      gender: 'female', color: 'red', timing: 'asap', heardAbout: 'friend', litterId, idempotencyKey: unique('k'),
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  await request.post(`${base}/api/logout`, { headers });
  expect((await request.post(`${base}/api/login`, { headers, data: ADMIN })).ok()).toBe(true);
  expect((await request.post(`${base}/trpc/admin.applications.changeStatus`, { headers, data: { id, status: 'approved' } })).ok()).toBe(true);
  await request.post(`${base}/api/logout`, { headers });
  return { id, username, password };
}

async function litterId(request: APIRequestContext, base: string, name: string) {
  const litters = (await (await request.get(`${base}/api/litters/active`)).json()) as Array<{ id: number; name: string }>;
  return litters.find((l) => l.name === name)!.id;
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('applications, families and portal polish', () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: TestSmtpServer;
  const server = privateServer({ offset: 88, seed: true });
  test.use({ baseURL: server.base });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = await startSmtpServer();
    // The private server inherits the environment: its mail goes to this test's SMTP server.
    process.env.SMTP_URL = smtp.url;
    await server.start();
    delete process.env.SMTP_URL;
  });
  test.afterAll(async () => {
    await server.stop();
    await smtp?.close();
  });

  test('On the waitlist, saved without touching the Waitlist select, files the family on the list shown and the e-mail names it', async ({ page, request }, info) => {
    const spring = await litterId(request, server.base, 'Spring Litter');
    const email = `shown-${info.project.name}@example.com`;
    const family = `Shown Family ${info.project.name}`;
    await approvedFamily(request, server.base, spring, family, email);

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
      .poll(() => smtp.received.find((m) => m.to.includes(email) && /You are \S+ on/.test(m.text)), { timeout: 20_000 })
      .toBeTruthy()
      .then(() => smtp.received.find((m) => m.to.includes(email) && /You are \S+ on/.test(m.text))!);
    expect(mail.text).toContain('on the waitlist for the Spring Litter');
    expect(mail.text).not.toContain('general waitlist');
  });

  test.describe('on a phone', () => {
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
