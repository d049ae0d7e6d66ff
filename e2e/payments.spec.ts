// Payments at the breeder's laptop (@desktop): she sets how families pay, the price, deposit and due date for the
// matched demo family, and records the deposit; the receipt e-mail reaches a real SMTP server and its link opens the
// receipt PDF (its text read back); the family sees on /account what is due, by when and how to pay (axe clean);
// once the family deletes its account, the breeder finds its payment among the payments of deleted accounts.
import AxeBuilder from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import { usePrivateServerWithMail } from './private-server.ts';
import { expect, test, waitsForApp } from './fixtures.ts';
import { expectToast, openSection, signInAdmin } from './admin-fixture.ts';

const PASSWORD = 'deposit-day-maple-27';

test.describe('payments', { tag: '@desktop' }, () => {
  const { server, smtp } = usePrivateServerWithMail({ offset: 43, seed: true });

  test('the breeder sets the terms and records a deposit; the receipt arrives by e-mail and the family sees what is due @desktop', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const adminContext = await browser.newContext({ ...(test.info().project.use as object), baseURL: server.base });
    const admin = waitsForApp(await adminContext.newPage());
    await signInAdmin(admin, '/admin');
    // The demo family gets a password to sign in with.
    await openSection(admin, 'Users');
    await admin.getByRole('button', { name: 'Reset password of parkers' }).click();
    await admin.getByRole('dialog').getByLabel('New password').fill(PASSWORD);
    await admin.getByRole('dialog').getByRole('button', { name: 'Set new password' }).click();
    await expectToast(admin, 'Password reset');

    await openSection(admin, 'Payments');
    const how = admin.getByRole('form', { name: 'How families pay' });
    await how.getByRole('textbox', { name: 'Payment instructions' }).fill('Zelle to pay@example.com, or a check to Golden Meadow.');
    await how.getByRole('textbox', { name: 'Payment link' }).fill('https://pay.example.com/golden-meadow');
    await how.getByRole('button', { name: 'Save instructions' }).click();
    await expectToast(admin, 'Payment instructions saved');

    await admin.getByRole('button', { name: 'Add family' }).click();
    const family = admin.getByRole('combobox', { name: 'Family' });
    const parkers = (await family.locator('option', { hasText: 'The Parkers' }).textContent())!;
    await family.selectOption({ label: parkers });
    const terms = admin.getByRole('form', { name: 'Price, deposit and due date' });
    await terms.getByRole('textbox', { name: 'Price' }).fill('3,000.00');
    await terms.getByRole('textbox', { name: 'Deposit' }).fill('500');
    await terms.getByLabel('Balance due by').fill(due);
    await terms.getByRole('button', { name: 'Save terms' }).click();
    await expectToast(admin, 'Payment terms saved');
    await expect(admin.getByRole('heading', { name: 'Payments: The Parkers', level: 2 })).toBeVisible();

    const record = admin.getByRole('form', { name: 'Record a payment' });
    // A fraction of a cent is refused in the browser with the server's message, and nothing is recorded.
    await record.getByRole('textbox', { name: 'Amount' }).fill('500.005');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await expect(record.getByText('Amounts are in whole cents: use at most two digits after the point.')).toBeVisible();
    await record.getByRole('textbox', { name: 'Amount' }).fill('500.00');
    await record.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Bank transfer' });
    await record.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(admin, 'Payment recorded');
    await expect(admin.getByRole('table', { name: 'Payments of The Parkers, newest first' }).getByRole('row')).toHaveCount(2);
    await expect(admin.getByText('Balance $2,500.00').filter({ visible: true })).toBeVisible();
    const adminAxe = await new AxeBuilder({ page: admin }).include('main').analyze();
    expect(adminAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await adminContext.close();

    // The receipt e-mail, in a real SMTP server; its link opens the PDF without signing in.
    const [mail] = await smtp().waitFor(1, 20_000);
    expect(mail!.to).toEqual(['parkers@example.com']);
    expect(mail!.subject).toMatch(/^Receipt R-\d{6}$/);
    const link = /(http\S+\/receipts\/R-\d{6}\.pdf\?t=\S+)/.exec(mail!.text)![1]!;
    const pdf = await page.request.get(link.replace(/^https?:\/\/[^/]+/, server.base));
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    expect(text).toContain('Received from: The Parkers');
    expect(text).toContain('Amount: $500.00');
    expect(text).toContain('Balance: $2,500.00');

    // The family sees what is due, by when and how to pay.
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Username' }).fill('parkers');
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Payments' });
    await expect(card).toContainText(/Price \(\w+\)\$3,000\.00/);
    await expect(card).toContainText('Paid$500.00');
    await expect(card).toContainText('Balance$2,500.00');
    await expect(card).toContainText('Zelle to pay@example.com');
    await expect(card.getByRole('link', { name: 'Pay online' })).toHaveAttribute('href', 'https://pay.example.com/golden-meadow');
    await expect(card.getByRole('link', { name: /^Receipt R-\d{6} \(PDF\)$/ })).toBeVisible();
    // Both themes, and the receipt's link in the card is the family's own way back to it.
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await page.reload();
      await expect(card).toContainText('Balance$2,500.00');
      const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="payments-title"]').analyze();
      expect(axe.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    const receipt = await page.request.get(
      server.base + (await card.getByRole('link', { name: /^Receipt R-\d{6} \(PDF\)$/ }).getAttribute('href'))!,
    );
    expect(receipt.headers()['content-type']).toBe('application/pdf');

    // The family deletes its account: the breeder keeps its payment as an accounting record (decision 121), listed
    // under the accounts with the name and address it was paid under, its receipt a link.
    const deleted = await page.request.post('/trpc/auth.deleteAccount', {
      headers: { origin: server.base, 'content-type': 'application/json' },
      data: { currentPassword: PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.status()).toBe(200);
    const again = waitsForApp(await (await browser.newContext({ ...(test.info().project.use as object), baseURL: server.base })).newPage());
    await signInAdmin(again, '/admin');
    await openSection(again, 'Payments');
    const kept = again.getByRole('region', { name: 'Payments of deleted accounts' });
    const rows = kept.getByRole('table', { name: 'Payments of deleted accounts, newest first' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveText(['Family', 'Date', 'Amount', 'Receipt'].join(''));
    await expect(rows.nth(1)).toContainText('The Parkersparkers@example.com');
    await expect(rows.nth(1)).toContainText('$500.00 · Bank transfer');
    await expect(rows.nth(1).getByRole('link', { name: /^Receipt R-\d{6} \(PDF\)$/ })).toBeVisible();
    const keptAxe = await new AxeBuilder({ page: again }).include('section[aria-label="Payments of deleted accounts"]').analyze();
    expect(keptAxe.violations.map((v) => v.id)).toEqual([]);
    await again.context().close();
  });
});
