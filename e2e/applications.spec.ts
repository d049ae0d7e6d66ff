// A family applies through the Family Questionnaire (registering half-way through), and the breeder
// approves, waitlists for a litter, records the deposit, reorders the waitlist and matches a puppy;
// the family follows along, and the home page shows the puppy reserved. Axe-clean, phone width too.
import { usePrivateServer } from './private-server.ts';
import { expect, test, waitsForApp, type APIRequestContext, type Page } from './fixtures.ts';
import { ADMIN, openSection } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).include('#main').analyze()).violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));

/** A second family already on the Spring waitlist, set up through the real API (so there is something to reorder). */
async function waitlistedFamily(request: APIRequestContext, base: string, litterId: number, name: string) {
  const headers = { origin: base, 'content-type': 'application/json' };
  const username = unique('early');
  expect(
    (
      await request.post(`${base}/api/register`, {
        headers,
        data: {
          username,
          email: `${username}@example.com`.toLowerCase(),
          password: 'early-bird-puppy-22',
          confirmPassword: 'early-bird-puppy-22',
        },
      })
    ).status(),
  ).toBe(201);
  const sent = await request.post(`${base}/api/applications`, {
    headers,
    data: {
      name,
      email: 'early@example.com',
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
  for (const change of [
    { id, status: 'approved' },
    { id, status: 'waitlisted', litterId },
  ]) {
    expect((await request.post(`${base}/trpc/admin.applications.changeStatus`, { headers, data: change })).ok()).toBe(true);
  }
  await request.post(`${base}/api/logout`, { headers });
}

test.describe('applications and the waitlist', () => {
  test.describe.configure({ mode: 'serial' });
  const server = usePrivateServer({ offset: 80, seed: true });

  test('a family applies, registering half-way; the breeder approves, waitlists, takes the deposit, reorders and matches a puppy', async ({
    page,
    browser,
    request,
  }, info) => {
    test.setTimeout(150_000);
    const phone = info.project.name === 'mobile';
    const family = phone ? 'Parker Family' : 'Rivera Family';
    const puppy = phone ? 'Honey' : 'Biscuit';
    const username = unique('family');

    // The home page's Join the Waitlist opens the questionnaire for that litter.
    await page.goto('/');
    await page.getByRole('button', { name: 'Join the Waitlist for the Spring Litter' }).click();
    await expect(page).toHaveURL(/\/questionnaire\?litter=(\d+)$/);
    const litterId = Number(/litter=(\d+)/.exec(page.url())![1]);
    await waitlistedFamily(request, server.base, litterId, phone ? 'Early Bird Family M' : 'Early Bird Family D');

    const form = page.locator('form#questionnaire');
    await expect(form.getByLabel('Which litter are you applying for?').locator('option:checked')).toHaveText('Spring Litter');
    await form.getByLabel('Your name').fill(family);
    await form.getByLabel('Email').fill('family@example.com');
    await form.getByLabel('City and state').fill('Boulder, CO');
    await form.getByLabel('Who lives in your home?').fill('Two adults and two kids, ages 6 and 9.');
    await form.getByLabel('Children at home').selectOption('6to12');
    await expect(page.getByText('You will need an account to send it')).toBeVisible();
    expect(await axe(page)).toEqual([]);

    // Half-way: register. The answers come back on the questionnaire.
    await page.getByRole('link', { name: 'Log in or register' }).click();
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByRole('textbox', { name: 'Username' }).fill(username);
    await register.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`.toLowerCase());
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
    await register.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/questionnaire\?litter=\d+$/);
    await expect(form.getByLabel('Your name')).toHaveValue(family);
    await expect(form.getByLabel('Who lives in your home?')).toHaveValue('Two adults and two kids, ages 6 and 9.');
    await expect(form.getByLabel('Children at home')).toHaveValue('6to12');

    await form.getByRole('radio', { name: 'No', exact: true }).check();
    await form.getByLabel('Type of home').selectOption({ label: 'House' });
    await form.getByLabel('Do you own or rent?').selectOption({ label: 'We own our home' });
    await form.getByLabel('Do you have a yard?').selectOption({ label: 'Yes' });
    await form.getByLabel('Is your yard fenced?').selectOption({ label: 'Fully fenced' });
    await form.getByLabel('Hours the puppy would be alone on a typical day').selectOption({ label: 'Less than 2 hours' });
    await form.getByLabel('Your experience with dogs').selectOption({ label: 'We have had dogs before' });
    await form
      .getByLabel('Tell us about the dogs you have had and your plans for training')
      .fill('We had a Lab for 12 years and will take a puppy class.');
    await form.getByLabel('Preferred size').selectOption({ label: 'Mini (15-25 lbs)' });
    await form.getByLabel('Preferred gender').selectOption({ label: 'No preference' });
    await form.getByLabel('Preferred colour').selectOption({ label: 'Apricot' });
    await form.getByLabel('When are you hoping to bring a puppy home?').selectOption({ label: 'In 3 to 6 months' });
    await form.getByLabel('How did you hear about us?').selectOption({ label: 'A friend or family member' });
    await page.getByRole('button', { name: 'Send Questionnaire' }).click();
    await expect(page.getByText(`Thank you, ${family}.`, { exact: false })).toBeVisible();
    await expect(page.getByTestId('application-standing')).toHaveText('Status: Submitted.');

    // The breeder, in a browser of their own.
    const breederContext = await browser.newContext({
      baseURL: server.base,
      viewport: page.viewportSize() ?? undefined,
      isMobile: phone,
      hasTouch: phone,
    });
    const admin = waitsForApp(await breederContext.newPage());
    await admin.goto('/auth?redirect=/admin');
    const login = admin.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
    await login.locator('input[type=password]').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await openSection(admin, 'Applications');
    await admin.getByRole('button', { name: new RegExp(family) }).click();
    await expect(admin.getByRole('heading', { name: `Application from ${family}` })).toBeVisible();
    const answers = admin.getByRole('article', { name: 'Answers' });
    await expect(answers).toContainText('Two adults and two kids, ages 6 and 9.');
    await expect(answers).toContainText('Fully fenced');
    await expect(answers).toContainText('Youngest 6 to 12');
    expect(await axe(admin)).toEqual([]);

    const status = admin.getByRole('form', { name: 'Change status' });
    await status.getByLabel('New status').selectOption({ label: 'Approved' });
    await status.getByLabel('Message to the family (optional)').fill('We loved reading about your family!');
    await status.getByRole('button', { name: 'Change status and e-mail the family' }).click();
    await expect(answers.getByText('Approved', { exact: true })).toBeVisible();

    await status.getByLabel('New status').selectOption({ label: 'On the waitlist' });
    await status.getByLabel('Waitlist').selectOption({ label: 'Spring Litter' });
    await status.getByRole('button', { name: 'Change status and e-mail the family' }).click();
    await expect(answers).toContainText('2nd on the waitlist for the Spring Litter');

    const deposit = admin.getByRole('form', { name: 'Deposit' });
    await expect(deposit.getByRole('textbox', { name: 'Amount ($)', exact: true })).toHaveValue('500');
    await deposit.getByLabel('Method').selectOption({ label: 'Zelle' });
    await deposit.getByLabel('Deposit notes').fill('Memo: Spring deposit');
    await deposit.getByRole('button', { name: 'Save deposit' }).click();
    await expect(admin.getByText('Deposit saved')).toBeVisible();

    // The family sees the change.
    await page.reload();
    await expect(page.getByTestId('application-standing')).toHaveText('You are 2nd on the waitlist for the Spring Litter.');
    await expect(page.getByText('“We loved reading about your family!”')).toBeVisible();
    // The family's own page says the same (My Family, /account).
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect(page.getByTestId('application-standing')).toHaveText('You are 2nd on the waitlist for the Spring Litter.');

    // The waitlist: move the family up by keyboard, then match a puppy.
    await openSection(admin, 'Waitlist');
    await admin.getByLabel('Waitlist for').selectOption({ label: 'Spring Litter' });
    const list = admin.getByRole('list', { name: 'Spring Litter, in order' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem', { name: `2nd: ${family}` })).toContainText('Deposit $500');
    const up = list.getByRole('button', { name: `Move ${family} up` });
    await up.focus();
    await admin.keyboard.press('Enter');
    await expect(list.getByRole('listitem').first()).toHaveAccessibleName(`1st: ${family}`);
    expect(await axe(admin)).toEqual([]);
    // Dragging by the handle works from the keyboard too (and so by touch): Space picks up, an arrow moves, Space drops.
    const announcer = admin.locator('[id^="DndLiveRegion"]');
    await list.getByRole('button', { name: `Drag to reorder ${family}` }).focus();
    await admin.keyboard.press('Space');
    await expect(announcer).toHaveText(`${family} is now at position 1 of 2.`);
    // dnd-kit listens for the arrows only from the task after the pick-up: a key pressed sooner is not seen. With two
    // families a second ArrowDown has nowhere further to go, so pressing again until it is heard is safe.
    await expect(async () => {
      await admin.keyboard.press('ArrowDown');
      await expect(announcer).toHaveText(`${family} is now at position 2 of 2.`, { timeout: 1000 });
    }).toPass();
    await admin.keyboard.press('Space');
    await expect(list.getByRole('listitem').nth(1)).toHaveAccessibleName(`2nd: ${family}`);
    await expect(admin.getByText(`${family} is now 2nd.`)).toBeAttached();

    await list
      .getByRole('listitem', { name: `2nd: ${family}` })
      .getByRole('button', { name: 'Match to a puppy' })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Match ${family} to a puppy` });
    await dialog.getByLabel('Available puppy').selectOption({ label: `${puppy} (Autumn Litter)` });
    await dialog.getByRole('button', { name: 'Match and reserve' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await breederContext.close();

    await page.reload();
    await expect(page.getByTestId('application-standing')).toHaveText(`You are matched with ${puppy}.`);
    expect(await axe(page)).toEqual([]);

    // The home page: the puppy is reserved, and nobody sees for whom.
    await page.goto('/');
    const card = page
      .locator('section#puppies')
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `View details for ${puppy}` }) });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(page.locator('#puppies')).not.toContainText(family);
  });
});
