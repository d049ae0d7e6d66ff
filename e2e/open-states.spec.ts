// The accessibility sweep in the states a visitor, a family or the breeder opens (issues 16, 29 and 31): a toast on
// screen, the header's menus and dropdowns, the account menu, the dashboard's phone menu, every dialog and
// confirmation of the dashboard and of My Family, the editors with their open panels, the Visits dashboard's Move
// and Cancel dialogs, and the contracts and payments screens of both sides with /contracts/verify's two answers. Axe with the WCAG 2.2 AA
// tags, each state in both themes (flipped in place, e2e/axe.ts), at both viewport sizes; one page load per
// screen, the screen's states opened one after another on it.
import { expect, test, waitsForApp, type APIRequestContext } from './fixtures.ts';
import { usePrivateServer } from './private-server.ts';
import { dismissToasts, isPhone, signInAdmin, toast } from './admin-fixture.ts';
import { inBothThemes } from './axe.ts';
import sharp from 'sharp';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a visitor: a toast on screen, the header menu and its dropdown, the account menu of a family', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  // A toast: a failed login.
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  found.push(...(await inBothThemes(page, 'a toast')));

  // The header's menu (phone) or its Our Doodles dropdown (laptop), open.
  await page.goto('/blog');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Our Doodles' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Our Doodles' }).click();
  }
  await expect(page.getByRole('button', { name: 'Our Doodles' }).filter({ visible: true })).toHaveAttribute('aria-expanded', 'true');
  found.push(...(await inBothThemes(page, 'the header menu')));

  // A signed-in family's account menu (a laptop's header; on a phone its links are in the menu).
  const username = unique('axe');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`.toLowerCase());
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
  await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.goto('/blog');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Family' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: `Account: ${username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'My Family' })).toBeVisible();
  }
  found.push(...(await inBothThemes(page, 'the account menu')));
  expect(found).toEqual([]);
});

test('the breeder: the dashboard menu on a phone and the unsaved-changes dialog', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  await signInAdmin(page, '/admin/litters');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Puppies' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'the dashboard menu')));
    await page.getByRole('button', { name: 'Close dashboard menu' }).click();
  }
  await page.getByRole('button', { name: 'Add litter' }).click();
  await page.getByRole('form', { name: 'New litter' }).getByRole('textbox', { name: 'Name' }).fill('Half-typed litter');
  // The sign-in's toast, leaving by itself while axe measured the dialog behind it, was measured half faded (CI, dark).
  await dismissToasts(page);
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  found.push(...(await inBothThemes(page, 'the unsaved-changes dialog')));
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  expect(found).toEqual([]);
});

/** A JSON request with the origin the server's CSRF check wants. */
const json = (base: string) => ({ origin: base, 'content-type': 'application/json' });

/** A tRPC query's answer, read over HTTP as the page would. */
async function query<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.get(input === undefined ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** A family that registers and applies (through the API, on its own cookies); the application's id. */
async function applyAsFamily(request: APIRequestContext, base: string, name: string) {
  const username = unique('fam');
  const password = 'porch-swing-lemonade-7';
  const email = `${username}@example.com`.toLowerCase();
  expect(
    (
      await request.post(`${base}/api/register`, { headers: json(base), data: { username, password, confirmPassword: password, email } })
    ).status(),
  ).toBe(201);
  const sent = await request.post(`${base}/api/applications`, { headers: json(base), data: applicationOf(name, email) });
  expect(sent.status()).toBe(201);
  await request.post(`${base}/api/logout`, { headers: json(base) });
  return ((await sent.json()) as { id: number }).id;
}

const applicationOf = (name: string, email: string) => ({
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
  idempotencyKey: unique('k'),
});

// On the phone only (decision 134): the breeder runs the site from hers, the dialogs are the same markup on a laptop,
// and the laptop's dashboard frame is measured by admin.spec's axe journeys.
test.describe('every dialog, confirmation and open panel', () => {
  test.describe.configure({ mode: 'serial' });
  // Applications, matches and a family's password change here: on a database of their own.
  const server = usePrivateServer({ offset: 47, seed: true });

  test('the dashboard: application status, waitlist match, inquiry and its delete, users, the editors and their pickers @phone', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(240_000);
    const base = server.base;
    const family = `Axe Family ${info.project.name}`;
    const application = await applyAsFamily(request, base, family);
    const inquiry = await request.post(`${base}/api/inquiries`, {
      headers: json(base),
      data: {
        name: family,
        email: 'axe.family@example.com',
        interest: 'waitlist',
        message: 'We would love to join the waitlist for spring.',
      },
    });
    expect(inquiry.ok()).toBe(true);
    await signInAdmin(page, `/admin/applications`);
    const admin = page.request;
    expect(
      (
        await admin.post('/trpc/admin.applications.changeStatus', { headers: json(base), data: { id: application, status: 'approved' } })
      ).ok(),
    ).toBe(true);
    const found: string[] = [];

    // Applications: an application open, "On the waitlist" chosen (the Waitlist select shows).
    await page.goto(`/admin/applications?edit=${application}`);
    const status = page.getByRole('form', { name: 'Change status' });
    await status.getByRole('combobox', { name: 'New status' }).selectOption({ label: 'On the waitlist' });
    await expect(status.getByRole('combobox', { name: 'Waitlist' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'an application, changing its status')));

    // Waitlist: Match to a puppy.
    expect(
      (
        await admin.post('/trpc/admin.applications.changeStatus', { headers: json(base), data: { id: application, status: 'waitlisted' } })
      ).ok(),
    ).toBe(true);
    await page.goto('/admin/waitlist');
    await page.getByRole('button', { name: 'Match to a puppy' }).first().click();
    const match = page.getByRole('dialog', { name: /^Match .* to a puppy$/ });
    await expect(match.getByRole('combobox', { name: 'Available puppy' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'the match dialog')));
    await match.getByRole('button', { name: 'Cancel' }).click();

    // Inbox: an inquiry open, then its delete confirmation (the confirmation every list and Send now use).
    await page.goto('/admin/inbox');
    await page.getByRole('list', { name: 'Inquiries, newest first' }).getByRole('button').first().click();
    await expect(page.getByRole('form', { name: 'Status and notes' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'an inquiry')));
    await page.getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: 'Delete this inquiry?' });
    await expect(del).toBeVisible();
    found.push(...(await inBothThemes(page, 'the delete confirmation')));
    await del.getByRole('button', { name: 'Cancel' }).click();

    // Users: Make admin asks first; Reset password.
    await page.goto('/admin/users');
    await page
      .getByRole('button', { name: /^Make admin: / })
      .first()
      .click();
    const makeAdmin = page.getByRole('dialog', { name: 'Make this user an administrator?' });
    await expect(makeAdmin).toBeVisible();
    found.push(...(await inBothThemes(page, 'the make-admin confirmation')));
    await makeAdmin.getByRole('button', { name: 'Cancel' }).click();
    await expect(makeAdmin).toBeHidden();
    await page
      .getByRole('button', { name: /^Reset password of / })
      .first()
      .click();
    const reset = page.getByRole('dialog', { name: /^Reset the password of / });
    await expect(reset).toBeVisible();
    found.push(...(await inBothThemes(page, 'the reset-password dialog')));
    await page.keyboard.press('Escape');

    // The editors: a new dog, a litter with its mother's list open, a testimonial, a gallery image.
    await page.goto('/admin/parents?edit=new');
    await expect(page.getByRole('form', { name: /^New / })).toBeVisible();
    found.push(...(await inBothThemes(page, 'the dog form')));
    await page.goto('/admin/litters?edit=new');
    const litter = page.getByRole('form', { name: 'New litter' });
    await litter.getByRole('combobox', { name: 'Mother', exact: true }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    found.push(...(await inBothThemes(page, 'the litter form, choosing the mother')));
    await page.keyboard.press('Escape');
    await page.goto('/admin/testimonials?edit=new');
    await expect(page.getByRole('form', { name: /^New / })).toBeVisible();
    found.push(...(await inBothThemes(page, 'the testimonial form')));
    await page.goto('/admin/gallery?edit=new');
    await expect(page.getByRole('form', { name: 'New image' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'the gallery image form')));

    // The article editor with Insert photo's description panel (the newsletter's editor is the same field).
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8fb996' } })
      .jpeg()
      .toBuffer();
    for (const [section, name] of [
      ['blog', 'a post'],
      ['newsletters', 'a newsletter'],
    ] as const) {
      await page.goto(`/admin/${section}?edit=new`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Insert photo' }).click();
      await (await chooser).setFiles({ name: 'porch.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(page.getByRole('button', { name: 'Insert the photo' })).toBeEnabled();
      found.push(...(await inBothThemes(page, `${name}: describing an inserted photo`)));
    }
    expect(found).toEqual([]);
  });

  test('My Family: a photo of an update open, withdrawing an application, deleting the account @phone', async ({ page }) => {
    test.setTimeout(180_000);
    const base = server.base;
    // The demo family, given a password by the breeder (Users → Reset password), applies for its next puppy.
    await signInAdmin(page, '/admin/users');
    const users = await query<{ items: Array<{ id: number; username: string }> }>(page.request, 'admin.users.list', {
      page: 1,
      search: 'parkers',
    });
    const parkers = users.items.find((u) => u.username === 'parkers')!;
    const password = 'meadow-porch-swing-9';
    expect(
      (await page.request.post('/trpc/admin.users.resetPassword', { headers: json(base), data: { id: parkers.id, password } })).ok(),
    ).toBe(true);
    await page.context().clearCookies();
    expect((await page.request.post('/api/login', { headers: json(base), data: { username: 'parkers', password } })).ok()).toBe(true);
    const sent = await page.request.post('/api/applications', {
      headers: json(base),
      data: applicationOf('The Parkers', 'parkers@example.com'),
    });
    expect(sent.status()).toBe(201);
    const found: string[] = [];

    await page.goto('/account');
    await page
      .getByRole('button', { name: /^Open photo 1 of / })
      .first()
      .click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox.getByRole('img', { name: /Photo 1 of/ })).toBeVisible();
    await expect
      .poll(() => lightbox.getByRole('img', { name: /Photo 1 of/ }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    found.push(...(await inBothThemes(page, 'an update’s photo')));
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    await page.getByRole('button', { name: 'Withdraw application' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw this application?' });
    await expect(withdraw).toBeVisible();
    found.push(...(await inBothThemes(page, 'withdrawing the application')));
    await page.keyboard.press('Escape');
    await expect(withdraw).toBeHidden();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(remove).toBeVisible();
    found.push(...(await inBothThemes(page, 'deleting the account')));
    await page.keyboard.press('Escape');
    await expect(remove).toBeHidden();
    expect(found).toEqual([]);
  });
  test('visits’ Move and Cancel dialogs; contracts, payments and /contracts/verify on both sides @phone', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const base = server.base;
    const found: string[] = [];
    await signInAdmin(page, '/admin/visits');
    const admin = page.request;
    const post = async (path: string, data: unknown) => {
      const res = await admin.post(`/trpc/${path}`, { headers: json(base), data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    };
    // The demo family, matched to Teddy, gets a password and applies (video calls are for applicants) from its own device.
    const users = await query<{ items: Array<{ id: number; username: string }> }>(admin, 'admin.users.list', {
      page: 1,
      search: 'parkers',
    });
    const password = 'meadow-porch-swing-31';
    await post('admin.users.resetPassword', { id: users.items.find((u) => u.username === 'parkers')!.id, password });
    const familyContext = await browser.newContext({ ...(test.info().project.use as object), baseURL: base });
    const family = waitsForApp(await familyContext.newPage());
    expect((await family.request.post('/api/login', { headers: json(base), data: { username: 'parkers', password } })).ok()).toBe(true);
    const applied = await family.request.post('/api/applications', {
      headers: json(base),
      data: applicationOf('The Parkers', 'parkers@example.com'),
    });
    expect(applied.status()).toBe(201);
    const { id: applicationId } = (await applied.json()) as { id: number };
    const today = new Date().toISOString().slice(0, 10);
    await post('admin.applications.changeStatus', { id: applicationId, status: 'approved' });
    await post('admin.applications.setDeposit', {
      id: applicationId,
      amount: 500,
      receivedOn: today,
      method: 'check',
      nonRefundable: false,
      refundedOn: today,
      refundAmount: 100,
    });

    // Visits: the breeder opens every day; the family books a video call; the breeder's Move and Cancel dialogs.
    const { hasFeed: _hasFeed, ...hours } = await query<Record<string, unknown>>(admin, 'admin.visits.settings', undefined);
    await post('admin.visits.saveSettings', {
      ...hours,
      openings: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    });
    const from = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const slots = (await (await family.request.get(`/api/availability?kind=video&from=${from}&to=${to}`)).json()) as Array<{
      startsAt: string;
    }>;
    expect(
      (
        await family.request.post('/api/bookings', {
          headers: json(base),
          data: { kind: 'video', startsAt: slots[0]!.startsAt, note: 'We would love to see the puppies.' },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/admin/visits');
    const moveButton = page.getByRole('button', { name: 'Move video call of The Parkers' });
    await moveButton.click();
    const move = page.getByRole('dialog', { name: 'Move this booking' });
    await expect(move.getByRole('combobox', { name: 'New time' })).toHaveAttribute('placeholder', 'Pick a free time');
    await expect(move.locator(':focus')).toHaveCount(1);
    found.push(...(await inBothThemes(page, 'the Move booking dialog')));
    await page.keyboard.press('Escape');
    await expect(move).toBeHidden();
    await expect(moveButton).toBeFocused();
    const cancelButton = page.getByRole('button', { name: 'Cancel video call of The Parkers' });
    await cancelButton.click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(cancel.getByRole('textbox', { name: 'Message to the family' })).toBeVisible();
    await expect(cancel.locator(':focus')).toHaveCount(1);
    found.push(...(await inBothThemes(page, 'the Cancel booking dialog')));
    await page.keyboard.press('Escape');
    await expect(cancel).toBeHidden();
    await expect(cancelButton).toBeFocused();

    // Contracts: the list with its Prepare form, the templates with the certificate, the template editor.
    await page.goto('/admin/contracts');
    await expect(page.getByRole('form', { name: 'Prepare a contract' }).getByLabel('Family')).toContainText('The Parkers (Teddy)');
    found.push(...(await inBothThemes(page, 'Contracts')));
    await page.getByRole('tab', { name: 'Templates' }).click();
    await expect(page.getByRole('region', { name: 'Signing certificate' }).getByText(/^SHA-256 fingerprint/)).toBeVisible();
    found.push(...(await inBothThemes(page, 'Contracts › Templates')));
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('form', { name: 'Template' }).getByRole('textbox', { name: 'Text (Markdown)' })).not.toBeEmpty();
    found.push(...(await inBothThemes(page, 'the template editor')));
    await page.getByRole('tab', { name: 'Contracts' }).click();
    // Prepared: the values and text to edit; sent to the family.
    await page.getByRole('form', { name: 'Prepare a contract' }).getByRole('button', { name: 'Prepare' }).click();
    const values = page.getByRole('form', { name: 'Contract values and text' });
    await expect(values.getByLabel('Puppy name')).toHaveValue('Teddy');
    await values.getByLabel('Microchip number').fill('985112345678901');
    await values.getByLabel('Pickup date').fill('2027-01-09');
    await values.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Contract saved')).toBeVisible();
    found.push(...(await inBothThemes(page, 'a prepared contract')));
    await values.getByRole('button', { name: 'Send to the family' }).click();
    // What the family will sign, shown first; sending it is confirmed there (decision 141).
    await page.getByRole('dialog', { name: 'What the family will sign' }).getByRole('button', { name: 'Send this contract' }).click();
    await expect(toast(page, 'Contract sent')).toBeVisible();

    // The family signs on its own device: the form with both its messages and a drawn signature, then signed.
    await family.goto('/account');
    const card = family.getByRole('region', { name: 'Contract' });
    await card.getByRole('button', { name: 'Read and sign' }).click();
    const sign = card.getByRole('form', { name: 'Sign the contract' });
    await sign.getByRole('button', { name: 'Sign the contract' }).click();
    await expect(sign.getByText('Type your full name to sign.')).toBeVisible();
    const pad = sign.getByRole('img', { name: 'Draw your signature (optional)' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await family.mouse.move(box.x + 20, box.y + 60);
    await family.mouse.down();
    for (const [dx, dy] of [
      [60, 20],
      [110, 70],
      [170, 30],
      [230, 75],
    ] as const)
      await family.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
    await family.mouse.up();
    await expect(sign.getByRole('button', { name: 'Clear the drawing' })).toBeVisible();
    found.push(...(await inBothThemes(family, 'signing the contract')));
    await sign.getByLabel('Your full name').fill('Jamie Parker');
    await sign.getByLabel('I agree to sign electronically').check();
    await sign.getByRole('button', { name: 'Sign the contract' }).click();
    await expect(card.getByText('You signed: waiting for the breeder’s countersignature')).toBeVisible();

    // The breeder countersigns; the sealed contract.
    const contracts = await query<{ items: Array<{ id: number }> }>(admin, 'admin.contracts.list', {
      page: 1,
      search: 'Parkers',
      status: 'signed',
    });
    const contractId = contracts.items[0]!.id;
    await page.goto(`/admin/contracts?contract=${contractId}`);
    const countersign = page.getByRole('form', { name: 'Countersign' });
    await countersign.getByRole('button', { name: 'Countersign and seal' }).click();
    await expect(countersign.getByText('Type your full name to sign.')).toBeVisible();
    found.push(...(await inBothThemes(page, 'countersigning')));
    await countersign.getByLabel('Your full name').fill('Sarah Meadows');
    await countersign.getByLabel('I agree to sign electronically').check();
    await countersign.getByRole('button', { name: 'Countersign and seal' }).click();
    await expect(page.getByRole('link', { name: 'Download the sealed PDF' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'a sealed contract')));

    // Payments: the list with how families pay, new terms for a family, a payment and a refund.
    await page.goto('/admin/payments');
    const how = page.getByRole('form', { name: 'How families pay' });
    await how.getByRole('textbox', { name: 'Payment instructions' }).fill('Zelle to pay@example.com, or a check to Golden Meadow.');
    await how.getByRole('textbox', { name: 'Payment link' }).fill('https://pay.example.com/golden-meadow');
    await how.getByRole('button', { name: 'Save instructions' }).click();
    await expect(toast(page, 'Payment instructions saved')).toBeVisible();
    found.push(...(await inBothThemes(page, 'Payments')));
    await page.getByRole('button', { name: 'Add family' }).click();
    const chosen = page.getByRole('combobox', { name: 'Family' });
    await chosen.selectOption({ label: (await chosen.locator('option', { hasText: 'The Parkers' }).textContent())! });
    const terms = page.getByRole('form', { name: 'Price, deposit and due date' });
    await terms.getByRole('textbox', { name: 'Price' }).fill('3,000.00');
    await terms.getByRole('textbox', { name: 'Deposit' }).fill('500');
    await terms.getByLabel('Balance due by').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    found.push(...(await inBothThemes(page, 'new payment terms')));
    await terms.getByRole('button', { name: 'Save terms' }).click();
    await expect(page.getByRole('heading', { name: 'Payments: The Parkers', level: 2 })).toBeVisible();
    const record = page.getByRole('form', { name: 'Record a payment' });
    await record.getByRole('textbox', { name: 'Amount' }).fill('300');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, 'Payment recorded')).toBeVisible();
    await expect(record.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
    await record.getByRole('textbox', { name: 'Amount' }).fill('-100');
    await record.getByRole('textbox', { name: 'Reason' }).fill('Paid twice by mistake');
    await record.getByRole('button', { name: 'Record payment' }).click();
    const table = page.getByRole('table', { name: 'Payments of The Parkers, newest first' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(record.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
    // One more refund, without its reason: refused in the form, shown with the payment and the refund recorded.
    await record.getByRole('textbox', { name: 'Amount' }).fill('-50');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await expect(record.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    found.push(...(await inBothThemes(page, 'a family’s payments and refund, one more refused without its reason')));
    await expect(table.getByRole('row')).toHaveCount(3);

    // My Family: the sealed contract, what is due with its receipts, the application's deposit and its refund.
    await family.goto('/account');
    await card.getByRole('button', { name: 'Open the contract' }).click();
    await expect(card.getByRole('link', { name: 'Download the signed contract (PDF)' })).toBeVisible();
    const payments = family.getByRole('region', { name: 'Payments' });
    await expect(payments.getByRole('link', { name: /^Receipt R-\d{6} \(PDF\)$/ })).toHaveCount(2);
    await expect(payments).toContainText('Deposit still due');
    // The deposit as the payments ledger has it (decision 141): the first payment, $300, and the $100 refund after it.
    // The ledger is the family's: each of its applications shows the same deposit line.
    await expect(family.getByText(/^Deposit of \$300 received .*; \$100 refunded /).first()).toBeVisible();
    found.push(...(await inBothThemes(family, 'My Family: contract, payments, deposit')));

    // /contracts/verify: the sealed PDF is genuine, a copy with one byte changed is not.
    const sealed = await query<{ pdfUrl: string }>(admin, 'admin.contracts.byId', { id: contractId });
    const pdf = Buffer.from(await (await admin.get(sealed.pdfUrl)).body());
    await family.goto('/contracts/verify');
    const check = family.getByRole('form', { name: 'Check a contract PDF' });
    await check.locator('input[type=file]').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf });
    await check.getByRole('button', { name: 'Check the PDF' }).click();
    await expect(family.getByRole('status').filter({ hasText: 'Genuine and unchanged' })).toBeVisible();
    found.push(...(await inBothThemes(family, '/contracts/verify, a genuine PDF')));
    const changed = Buffer.from(pdf);
    changed[12] = changed[12]! ^ 0x01;
    await check.locator('input[type=file]').setInputFiles({ name: 'contract-copy.pdf', mimeType: 'application/pdf', buffer: changed });
    await check.getByRole('button', { name: 'Check the PDF' }).click();
    await expect(family.getByRole('status').filter({ hasText: 'Not genuine: this file was changed after it was sealed.' })).toBeVisible();
    found.push(...(await inBothThemes(family, '/contracts/verify, a changed PDF')));
    await familyContext.close();
    expect(found).toEqual([]);
  });
});
