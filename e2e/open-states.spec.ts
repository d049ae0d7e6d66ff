// The accessibility sweep in the states a visitor, a family or the breeder opens (issues 16 and 29): a toast on
// screen, the header's menus and dropdowns, the account menu, the dashboard's phone menu, every dialog and
// confirmation of the dashboard and of My Family, the editors with their open panels. Axe with the WCAG 2.2 AA
// tags, each state in both themes (flipped in place, e2e/axe.ts), at both viewport sizes; one page load per
// screen, the screen's states opened one after another on it.
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { usePrivateServer } from './private-server.ts';
import { isPhone, signInAdmin } from './admin-fixture.ts';
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
  const res = await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** A family that registers and applies (through the API, on its own cookies); the application's id. */
async function applyAsFamily(request: APIRequestContext, base: string, name: string) {
  const username = unique('fam');
  const password = 'porch-swing-lemonade-7';
  const email = `${username}@example.com`.toLowerCase();
  expect((await request.post(`${base}/api/register`, { headers: json(base), data: { username, password, confirmPassword: password, email } })).status()).toBe(201);
  const sent = await request.post(`${base}/api/applications`, { headers: json(base), data: applicationOf(name, email) });
  expect(sent.status()).toBe(201);
  await request.post(`${base}/api/logout`, { headers: json(base) });
  return ((await sent.json()) as { id: number }).id;
}

const applicationOf = (name: string, email: string) => ({
  name, email, location: 'Denver, CO', household: 'Two adults', allergies: 'no', homeType: 'house', ownership: 'own',
  yard: 'no', hoursAlone: 'under2', experience: 'now', experienceDetails: 'We have a poodle and love the breed.', size: 'mini',
  gender: 'female', color: 'red', timing: 'asap', heardAbout: 'friend', idempotencyKey: unique('k'),
});

test.describe('every dialog, confirmation and open panel', () => {
  test.describe.configure({ mode: 'serial' });
  // Applications, matches and a family's password change here: on a database of their own.
  const server = usePrivateServer({ offset: 47, seed: true });

  test('the dashboard: application status, waitlist match, inquiry and its delete, users, the editors and their pickers', async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const base = server.base;
    const family = `Axe Family ${info.project.name}`;
    const application = await applyAsFamily(request, base, family);
    const inquiry = await request.post(`${base}/api/inquiries`, { headers: json(base), data: { name: family, email: 'axe.family@example.com', interest: 'waitlist', message: 'We would love to join the waitlist for spring.' } });
    expect(inquiry.ok()).toBe(true);
    await signInAdmin(page, `/admin/applications`);
    const admin = page.request;
    expect((await admin.post('/trpc/admin.applications.changeStatus', { headers: json(base), data: { id: application, status: 'approved' } })).ok()).toBe(true);
    const found: string[] = [];

    // Applications: an application open, "On the waitlist" chosen (the Waitlist select shows).
    await page.goto(`/admin/applications?edit=${application}`);
    const status = page.getByRole('form', { name: 'Change status' });
    await status.getByRole('combobox', { name: 'New status' }).selectOption({ label: 'On the waitlist' });
    await expect(status.getByRole('combobox', { name: 'Waitlist' })).toBeVisible();
    found.push(...(await inBothThemes(page, 'an application, changing its status')));

    // Waitlist: Match to a puppy.
    expect((await admin.post('/trpc/admin.applications.changeStatus', { headers: json(base), data: { id: application, status: 'waitlisted' } })).ok()).toBe(true);
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
    await page.getByRole('button', { name: /^Make admin: / }).first().click();
    const makeAdmin = page.getByRole('dialog', { name: 'Make this user an administrator?' });
    await expect(makeAdmin).toBeVisible();
    found.push(...(await inBothThemes(page, 'the make-admin confirmation')));
    await makeAdmin.getByRole('button', { name: 'Cancel' }).click();
    await expect(makeAdmin).toBeHidden();
    await page.getByRole('button', { name: /^Reset password of / }).first().click();
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
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8fb996' } }).jpeg().toBuffer();
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

  test('My Family: a photo of an update open, withdrawing an application, deleting the account', async ({ page }) => {
    test.setTimeout(180_000);
    const base = server.base;
    // The demo family, given a password by the breeder (Users → Reset password), applies for its next puppy.
    await signInAdmin(page, '/admin/users');
    const users = await query<{ items: Array<{ id: number; username: string }> }>(page.request, 'admin.users.list', { page: 1, search: 'parkers' });
    const parkers = users.items.find((u) => u.username === 'parkers')!;
    const password = 'meadow-porch-swing-9';
    expect((await page.request.post('/trpc/admin.users.resetPassword', { headers: json(base), data: { id: parkers.id, password } })).ok()).toBe(true);
    await page.context().clearCookies();
    expect((await page.request.post('/api/login', { headers: json(base), data: { username: 'parkers', password } })).ok()).toBe(true);
    const sent = await page.request.post('/api/applications', { headers: json(base), data: applicationOf('The Parkers', 'parkers@example.com') });
    expect(sent.status()).toBe(201);
    const found: string[] = [];

    await page.goto('/account');
    await page.getByRole('button', { name: /^Open photo 1 of / }).first().click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox.getByRole('img', { name: /Photo 1 of/ })).toBeVisible();
    await expect.poll(() => lightbox.getByRole('img', { name: /Photo 1 of/ }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
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
});
