// The sale on paper, signed online (issue 31): the breeder prepares and sends a contract at her laptop; the family
// signs it on a phone (typed name, consent, a drawn signature); the breeder countersigns; both get the sealed PDF's
// e-mail through a real SMTP server; the PDF's text and audit page read back; /contracts/verify accepts it and
// rejects a copy with one byte changed.
import { usePrivateServerWithMail } from './private-server.ts';
import { atRest, expect, test, waitsForApp, type Browser } from './fixtures.ts';
import { signInAdmin, toast } from './admin-fixture.ts';
import AxeBuilder from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import { simpleParser } from 'mailparser';

const FAMILY_PASSWORD = 'meadow-lark-contract-31';
const BREEDER_EMAIL = 'info@aspenmeadowdoodles.com';

async function desktopPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, baseURL });
  return waitsForApp(await context.newPage());
}

test.describe('contracts', () => {
  const { server, smtp } = usePrivateServerWithMail({ offset: 42, seed: true });
  const mailsTo = (address: string, subject: RegExp) => smtp().received.filter((m) => m.to.includes(address) && subject.test(m.subject));

  test('the breeder sends a contract, the family signs it on a phone, the breeder countersigns, the sealed PDF verifies @phone', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The breeder, at her laptop: gives the demo family a password, prepares the contract for Teddy and sends it.
    const admin = await desktopPage(browser, server.base);
    await signInAdmin(admin, '/admin/users');
    await admin.getByLabel('Search users').fill('parkers');
    await admin.getByRole('button', { name: 'Reset password of parkers' }).click();
    await admin.getByLabel('New password').fill(FAMILY_PASSWORD);
    await admin.getByRole('button', { name: 'Set new password' }).click();
    await expect(admin.getByRole('dialog')).toHaveCount(0);

    await admin.goto('/admin/contracts');
    await expect(admin.getByRole('heading', { name: 'Contracts', level: 2 })).toBeVisible();
    const prepare = admin.getByRole('form', { name: 'Prepare a contract' });
    await expect(prepare.getByLabel('Family')).toContainText('The Parkers (Teddy)');
    await prepare.getByRole('button', { name: 'Prepare' }).click();
    await expect(toast(admin, 'Contract prepared')).toBeVisible();
    const values = admin.getByRole('form', { name: 'Contract values and text' });
    await expect(values.getByLabel('Puppy name')).toHaveValue('Teddy');
    await values.getByLabel('Microchip number').fill('985112345678901');
    await values.getByLabel('Pickup date').fill('2027-01-09');
    await values.getByLabel('Deposit (dollars)').fill('500');
    await values.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin, 'Contract saved')).toBeVisible();
    await values.getByRole('button', { name: 'Send to the family' }).click();
    // What the family will sign, shown first; sending it is confirmed there (decision 141).
    await admin.getByRole('dialog', { name: 'What the family will sign' }).getByRole('button', { name: 'Send this contract' }).click();
    await expect(toast(admin, 'Contract sent')).toBeVisible();
    await expect.poll(() => mailsTo('parkers@example.com', /ready to sign/).length, { timeout: 20_000 }).toBe(1);

    // The family, on a phone in the dark theme (the breeder's screens are checked in the light one): signs in,
    // reads the contract in My Family and signs it.
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
    await page.goto('/auth?redirect=%2Faccount');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: /Username/ }).fill('parkers');
    await login.locator('input[type=password]').fill(FAMILY_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const card = page.getByRole('region', { name: 'Contract' });
    // What waits for the family comes first on My Family.
    await page.getByRole('region', { name: 'Needs you' }).getByRole('link', { name: 'Contract: sign now' }).click();
    await expect(card).toBeInViewport();
    await card.getByRole('button', { name: 'Read and sign' }).click();
    await expect(card.getByLabel('Contract text')).toContainText('Balance: $2,000');
    const sign = card.getByRole('form', { name: 'Sign the contract' });
    await sign.getByRole('button', { name: 'Sign the contract' }).click();
    await expect(sign.getByText('Type your full name to sign.')).toBeVisible();
    await sign.getByLabel('Your full name').fill('Jamie Parker');
    const pad = sign.getByRole('img', { name: 'Draw your signature (optional)' });
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 60);
    await page.mouse.down();
    for (const [dx, dy] of [
      [60, 20],
      [110, 70],
      [170, 30],
      [230, 75],
    ] as const)
      await page.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
    await page.mouse.up();
    await expect(sign.getByText('Your drawn signature will be added to the contract.')).toBeVisible();
    await sign.getByRole('button', { name: 'Sign the contract' }).click();
    await expect(sign.getByText('Tick “I agree to sign electronically” to sign.')).toBeVisible();
    await sign.getByLabel('I agree to sign electronically').check();
    await sign.getByRole('button', { name: 'Sign the contract' }).click();
    await expect(toast(page, 'Contract signed')).toBeVisible();
    await expect(card.getByText('You signed: waiting for the breeder’s countersignature')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The breeder countersigns: the contract is sealed.
    await admin.goto('/admin/contracts');
    await admin.getByRole('button', { name: /^Open Puppy sale agreement: Teddy/ }).click();
    const countersign = admin.getByRole('form', { name: 'Countersign' });
    await countersign.getByLabel('Your full name').fill('Sarah Meadows');
    await countersign.getByLabel('I agree to sign electronically').check();
    await countersign.getByRole('button', { name: 'Countersign and seal' }).click();
    await expect(toast(admin, 'Contract sealed')).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Download the sealed PDF' })).toBeVisible();
    await atRest(admin);
    expect((await new AxeBuilder({ page: admin }).analyze()).violations).toEqual([]);

    // Both get the sealed contract's e-mail; the family downloads the PDF from it.
    await expect.poll(() => mailsTo('parkers@example.com', /^Your signed contract for Teddy$/).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => mailsTo(BREEDER_EMAIL, /^Signed contract for Teddy/).length, { timeout: 20_000 }).toBe(1);
    const mail = mailsTo('parkers@example.com', /^Your signed contract for Teddy$/)[0]!;
    const link = new URL(/http\S+\/private-media\/\S+\.pdf/.exec(mail.text)![0]);
    const download = await page.request.get(link.pathname);
    expect(download.status()).toBe(200);
    const pdf = Buffer.from(await download.body());
    // My Family lists it with the other documents: one place for every file.
    await page.goto('/account');
    await expect(page.locator('#documents').getByRole('link', { name: /\(signed\)$/ })).toHaveAttribute('href', link.pathname);
    await expect(page.getByRole('region', { name: 'Needs you' })).toHaveCount(0);
    // Both e-mails carry the sealed PDF itself, the same bytes as the download.
    for (const m of [mail, mailsTo(BREEDER_EMAIL, /^Signed contract for Teddy/)[0]!]) {
      const { attachments } = await simpleParser(m.raw);
      expect(attachments).toHaveLength(1);
      expect(Buffer.compare(attachments[0]!.content, pdf)).toBe(0);
    }
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
    expect(text).toContain('Puppy Sale Agreement');
    expect(text).toContain('microchip 985112345678901');
    expect(text).toContain('Signed electronically by Jamie Parker');
    expect(text).toContain('Signed electronically by Sarah Meadows');
    expect(text).toContain('Audit trail');
    expect(text).toContain('Opened by the family');
    expect(text).toContain('SHA-256 of the text as sent');

    // The verification page accepts the PDF and rejects a copy with one byte changed.
    await page.goto('/contracts/verify');
    const check = page.getByRole('form', { name: 'Check a contract PDF' });
    await check.locator('input[type=file]').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf });
    await check.getByRole('button', { name: 'Check the PDF' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Genuine and unchanged' })).toBeVisible();
    const changed = Buffer.from(pdf);
    changed[12] = changed[12]! ^ 0x01;
    await check.locator('input[type=file]').setInputFiles({ name: 'contract-copy.pdf', mimeType: 'application/pdf', buffer: changed });
    await check.getByRole('button', { name: 'Check the PDF' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Not genuine: this file was changed after it was sealed.' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await admin.context().close();
  });
});
