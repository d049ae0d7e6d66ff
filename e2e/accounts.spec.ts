// Verified family e-mail (decision 108, issue 29 major 2): a family registers with an address; My Family says
// plainly that e-mails cannot reach it until it is confirmed and offers to send the link again; the link from the
// e-mail (read from a real SMTP server) confirms it; the breeder then sees the address as verified under Users and
// Families.
import AxeBuilder from '@axe-core/playwright';
import { usePrivateServerWithMail } from './private-server.ts';
import { expect, test } from './fixtures.ts';
import { openSection, signInAdmin, toast } from './admin-fixture.ts';
import { type ReceivedMail } from '../src/features/mail/server/mail.test-helpers.ts';

test.describe('verified family e-mail', () => {
  test.describe.configure({ mode: 'serial' });
  const { smtp } = usePrivateServerWithMail({ offset: 93, seed: true });

  const mailsTo = (address: string) => smtp().received.filter((m) => m.to.includes(address));
  const linkIn = (mail: ReceivedMail) => new URL(/http\S+\/verify-email\?token=\S+/.exec(mail.text)![0]);

  test('register with an e-mail, confirm it from the e-mail link, and the breeder sees it verified', async ({ page }, info) => {
    test.setTimeout(120_000);
    const suffix = `${info.project.name.slice(0, 1)}${Date.now().toString(36).slice(-5)}`;
    const username = `hollis_${suffix}`;
    const email = `hollis-${suffix}@example.com`;

    // Register: the address is asked for (and required).
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('textbox', { name: 'Username' }).fill(username);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sunny-porch-swing');
    await form.getByRole('textbox', { name: 'Confirm password' }).fill('sunny-porch-swing');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Please enter your email address.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Registration successful')).toBeVisible();

    // My Family says the e-mails cannot reach the family yet, and sends the link again on request.
    await page.goto('/account');
    const warning = page.getByRole('status').filter({ hasText: 'Please confirm your e-mail address' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(email);
    await expect(warning).toContainText('we cannot e-mail you about your application or your puppy');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // The dark theme from here on: the warning, the confirmation page and the dashboard pass axe in both.
    await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await page.reload();
    await expect(warning).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await warning.getByRole('button', { name: 'Send the link again' }).click();
    await expect(toast(page, 'Link sent')).toBeVisible();
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(2);
    expect(mailsTo(email).every((m) => m.subject === 'Please confirm your e-mail address')).toBe(true);

    // The link from the e-mail confirms the address.
    const link = linkIn(mailsTo(email)[0]!);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('status').filter({ hasText: 'E-mail address confirmed' })).toBeVisible();
    await expect(page.getByText(`We will write to ${email}`)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('link', { name: 'Go to My Family' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(page.getByText('Please confirm your e-mail address')).toHaveCount(0);

    // The breeder sees the address, verified, under Users and under Families.
    await page.context().clearCookies();
    await signInAdmin(page);
    await openSection(page, 'Users');
    await page.getByLabel('Search users').fill(username);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: username }) });
    await expect(row.getByText('E-mail verified')).toBeVisible();
    await expect(row.getByText(`E-mail: ${email} (verified)`)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.goto('/admin/families');
    await expect(page.getByRole('heading', { name: 'Families', level: 2, exact: true })).toBeVisible();
    const contacts = page.getByRole('table', { name: 'Family e-mail addresses' });
    const familyRow = contacts.getByRole('row').filter({ hasText: username });
    await expect(familyRow).toContainText(email);
    await expect(familyRow).toContainText('Verified');
    // The demo family's seeded address is verified too.
    await expect(contacts.getByRole('row').filter({ hasText: 'The Parkers' })).toContainText('Verified');
  });
});
