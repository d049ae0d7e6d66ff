// Temperament at seven weeks on the breeder's phone (issue 50): she scores a puppy screen by screen and saves, the
// family sees nothing of it until she switches the litter's results on, then reads them in words on My Family.
import { usePrivateServer } from './private-server.ts';
import { expect, test, waitsForApp, type Browser, type Page } from './fixtures.ts';
import { signInAdmin } from './admin-fixture.ts';
import { inBothThemes } from './axe.ts';

const PASSWORD = 'calm-with-noise-49';

async function pick(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('listbox', { name: combobox, exact: true }).getByRole('option', { name: option }).click();
}

async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...(test.info().project.use as object), baseURL });
  return waitsForApp(await context.newPage());
}

test.describe('temperament', () => {
  const server = usePrivateServer({ offset: 57, seed: true });

  test('the breeder scores a puppy on her phone; the family reads the words once she shows them', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const username = 'temper-family';

    // A family signs up; the breeder matches Honey of the Autumn Litter to it (from her phone).
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByRole('textbox', { name: 'Username' }).fill(username);
    await register.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await register.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/account$/);

    const admin = await newPage(browser, server.base);
    await signInAdmin(admin, '/admin/families');
    await pick(admin, 'Family for Honey', username);
    await expect(admin.getByRole('combobox', { name: 'Family for Honey', exact: true })).toHaveValue(username);

    // The Temperament section: the litter, its first puppy's screen, three tests scored, her summary, saved.
    await admin.goto('/admin/temperament');
    await admin.getByRole('button', { name: 'Score the puppies of the Autumn Litter' }).click();
    await expect(admin.getByRole('heading', { name: 'Temperament: Autumn Litter' })).toBeVisible();
    const biscuit = admin.getByRole('form', { name: 'Temperament test of Biscuit' });
    for (const [test, score, words] of [
      ['Sound sensitivity', '4', 'calm with noise'],
      ['Following', '3', 'follows readily'],
      ['Restraint', '4', 'content to be held'],
    ] as const) {
      await biscuit
        .getByRole('radiogroup', { name: `${test} score` })
        .getByText(score, { exact: true })
        .click();
      await expect(biscuit.getByText(words, { exact: true })).toBeVisible();
    }
    await biscuit.getByRole('textbox', { name: 'Sound sensitivity note' }).fill('Slept through the pan lid.');
    await biscuit.getByRole('textbox', { name: 'Your summary' }).fill('A calm, cuddly boy.');
    expect(await inBothThemes(admin, 'the scoring screen')).toEqual([]);
    await biscuit.getByRole('button', { name: 'Save and next puppy' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Biscuit saved' }).first()).toBeVisible();
    await expect(admin.getByRole('form', { name: 'Temperament test of Honey' })).toBeVisible();

    // Not shown yet: the family's page has its puppy and no temperament.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Honey', exact: false }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Temperament', level: 2 })).toHaveCount(0);

    // She shows the litter's results; the family reads them in words, with her summary and not her notes.
    // A controlled switch: it turns on once the change is under way, a moment after the tap (check() reads it at once).
    const show = admin.getByRole('switch', { name: 'Show temperament to families' });
    await show.click();
    await expect(show).toBeChecked();
    await expect(admin.getByRole('alert').filter({ hasText: 'Shown to families' }).first()).toBeVisible();
    await page.reload();
    const card = page.getByRole('region', { name: 'Temperament' });
    const scored = card.getByRole('article', { name: 'Biscuit' });
    await expect(scored).toContainText('Follows readily, content to be held, calm with noise.');
    await expect(scored).toContainText('A calm, cuddly boy.');
    await expect(card).not.toContainText('pan lid');
    await expect(card.getByRole('article', { name: 'Honey' })).toContainText('Not tested yet');
    expect(await inBothThemes(page, 'My Family with temperament')).toEqual([]);
  });
});
