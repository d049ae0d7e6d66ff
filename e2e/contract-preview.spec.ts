// A contract never goes out different from what the breeder sees (issue 45, decision 141), on a phone: the breeder
// types a deposit and a pickup date and, without saving, presses Send; the preview shows them, rendered by the
// server; she sends it from there; the family, signing in, reads byte for byte the preview's text.
import { usePrivateServer } from './private-server.ts';
import { expect, test } from './fixtures.ts';
import { signInAdmin, toast } from './admin-fixture.ts';

const FAMILY_PASSWORD = 'meadow-lark-preview-45';

test.describe('the contract sent is the contract previewed', () => {
  usePrivateServer({ offset: 97, seed: true });

  test('the breeder types a deposit and pickup date, presses Send at once, and the family reads exactly the preview @phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The demo family gets a password to sign in with later.
    await signInAdmin(page, '/admin/users');
    await page.getByLabel('Search users').fill('parkers');
    await page.getByRole('button', { name: 'Reset password of parkers' }).click();
    await page.getByLabel('New password').fill(FAMILY_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/admin/contracts');
    const prepare = page.getByRole('form', { name: 'Prepare a contract' });
    await expect(prepare.getByLabel('Family')).toContainText('The Parkers (Teddy)');
    await prepare.getByRole('button', { name: 'Prepare' }).click();
    await expect(toast(page, 'Contract prepared')).toBeVisible();
    const values = page.getByRole('form', { name: 'Contract values and text' });
    await expect(values.getByLabel('Puppy name')).toHaveValue('Teddy');
    // Typed just before Send, never saved.
    await values.getByLabel('Deposit (dollars)').fill('500');
    await values.getByLabel('Pickup date').fill('2027-01-09');
    await expect(values.getByText(/^Unsaved changes/)).toBeVisible();
    // An impossible deposit keeps Send disabled, and says why.
    await values.getByLabel('Deposit (dollars)').fill('50000');
    await expect(values.getByRole('button', { name: 'Send to the family' })).toBeDisabled();
    await expect(values.getByText('Fix this before sending: The deposit cannot be more than the price.')).toBeVisible();
    await values.getByLabel('Deposit (dollars)').fill('500');
    await values.getByRole('button', { name: 'Send to the family' }).click();

    const dialog = page.getByRole('dialog', { name: 'What the family will sign' });
    const preview = dialog.getByLabel('Preview of the contract').locator(':scope > *').first();
    await expect(preview).toContainText('Deposit: $500');
    await expect(preview).toContainText('goes home on January 9, 2027');
    const previewHtml = await preview.innerHTML();
    await dialog.getByRole('button', { name: 'Send this contract' }).click();
    await expect(toast(page, 'Contract sent')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The family, on its own phone: the copy to sign is the preview, byte for byte.
    await page.context().clearCookies();
    await page.goto('/auth?redirect=%2Faccount');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: /Username/ }).fill('parkers');
    await login.locator('input[type=password]').fill(FAMILY_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const card = page.getByRole('region', { name: 'Contract' });
    await card.getByRole('button', { name: 'Read and sign' }).click();
    const copy = card.getByLabel('Contract text').locator(':scope > *').first();
    await expect(copy).toContainText('Deposit: $500');
    expect(await copy.innerHTML()).toBe(previewHtml);
  });
});
