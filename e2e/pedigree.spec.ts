// Pedigrees (issue 12): a family opens a parent's tree from a puppy, expands a branch and reads it by
// keyboard, on a phone too; the breeder adds a grandparent and a health result and sees both on the tree,
// makes the grandparent a litter's father from the litter form, and plans a pairing.
import { usePrivateServer } from './private-server.ts';
import { expect, test, type Page } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

const ADMIN = { username: 'breeder', password: 'golden-meadow-2026' };
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a family opens the mother’s tree from a puppy, expands a branch by keyboard and re-centres on an ancestor', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'View details for Biscuit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Biscuit' });
  await dialog.getByRole('link', { name: "Maple's family tree (mother)" }).click();
  await expect(h1(page, "Maple's Family Tree")).toBeVisible();

  const tree = page.getByRole('list', { name: "Maple's pedigree" });
  await expect(tree.getByRole('link', { name: 'Rocky', exact: true })).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Honey', exact: true })).toBeVisible();
  // Three generations: the great-grandsire Sam is shown, his sire Gus only on demand.
  await expect(tree.getByRole('link', { name: 'Sam', exact: true })).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Gus', exact: true })).toHaveCount(0);
  await expect(
    tree
      .getByRole('listitem')
      .filter({ hasText: /^Dam: unknown$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/Maple's coefficient of inbreeding is 0% over 5 generations/)).toBeVisible();
  await expect(tree.getByRole('link', { name: /OFA hips: Good, May 10, 2024/ })).toHaveAttribute(
    'href',
    'https://ofa.org/advanced-search/',
  );

  // By keyboard: from Sam's link, Tab reaches the branch's button; Enter opens it.
  await tree.getByRole('link', { name: 'Sam', exact: true }).focus();
  await page.keyboard.press('Tab');
  const expand = page.getByRole('button', { name: "Show Sam's parents" });
  await expect(expand).toBeFocused();
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: "Hide Sam's parents" })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('list', { name: "Sam's parents" }).getByRole('link', { name: 'Gus', exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Gus', exact: true })).toBeFocused();

  // An ancestor's own tree.
  await page.keyboard.press('Enter');
  await expect(h1(page, "Gus's Family Tree")).toBeVisible();
  await page.getByRole('list', { name: "Gus's pedigree" }).waitFor();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test(
  'the tree fits a 360 px phone without sideways scrolling, is axe clean, and unknown dogs are 404s',
  { tag: '@phone' },
  async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const maple = ((await (await request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string }>).find(
      (d) => d.name === 'Maple',
    )!;
    await page.goto(`/family-tree/${maple.id}`);
    await expect(page.getByRole('list', { name: "Maple's pedigree" })).toBeVisible();
    await page.getByRole('button', { name: "Show Sam's parents" }).click();
    await expect(page.getByRole('link', { name: 'Gus', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    expect((await page.goto('/family-tree/999999'))?.status()).toBe(404);
    await expect(h1(page, 'Dog not found')).toBeVisible();
    expect((await request.get('/api/dogs/999999/pedigree')).status()).toBe(404);
  },
);

test.describe('the breeder', () => {
  usePrivateServer({ offset: 80, seed: true });

  test('adds a grandparent and a health result and sees both on the public tree, makes it a litter’s father, and plans a pairing', async ({
    page,
  }, info) => {
    const grandsire = `Old Timer ${info.project.name}`;
    await page.goto('/admin');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
    await login.locator('input[type=password]').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).or(page.getByText('You are signed in as'))).toBeVisible();
    await page.goto('/admin/parents');
    await expect(page.getByRole('heading', { name: 'Dogs', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Bear' }).click();
    const form = page.getByRole('form', { name: 'Edit Bear' });
    await form.getByRole('button', { name: 'New sire' }).click();
    await form.getByRole('textbox', { name: 'New sire’s name' }).fill(grandsire);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    // The picker (a combobox) now shows the new ancestor, and the inline name field has gone.
    await expect(form.getByRole('textbox', { name: 'New sire’s name' })).toBeHidden();
    await expect(form.getByRole('combobox', { name: 'Sire', exact: true })).toHaveValue(grandsire);

    await form.getByRole('button', { name: 'Add health result' }).click();
    await form.getByRole('textbox', { name: 'Health result 1: result' }).fill('Excellent');
    await form.getByRole('textbox', { name: 'Health result 1: verification link' }).fill('http://ofa.org/bear');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('The verification link must be an https:// address.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Health result 1: verification link' }).fill('https://ofa.org/bear');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'saved' }).first()).toBeVisible();

    const bear = ((await (await page.request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string }>).find(
      (d) => d.name === 'Bear',
    )!;
    await page.goto(`/family-tree/${bear.id}`);
    const tree = page.getByRole('list', { name: "Bear's pedigree" });
    await expect(tree.getByRole('link', { name: grandsire })).toBeVisible();
    await expect(tree.getByRole('link', { name: /OFA hips: Excellent/ })).toHaveAttribute('href', 'https://ofa.org/bear');

    // The Spring Litter's father becomes the new ancestor, found by searching the registry; the public litter follows.
    await page.goto('/admin/litters');
    await page.getByRole('button', { name: 'Edit Spring Litter' }).click();
    const litterForm = page.getByRole('form', { name: 'Edit Spring Litter' });
    await expect(litterForm.getByRole('combobox', { name: 'Father', exact: true })).toHaveValue('Bear');
    await litterForm.getByRole('combobox', { name: 'Father', exact: true }).fill('Old Timer');
    await page.getByRole('option', { name: grandsire, exact: true }).click();
    await expect(litterForm.getByRole('combobox', { name: 'Father', exact: true })).toHaveValue(grandsire);
    await litterForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'saved' }).first()).toBeVisible();
    await page.goto('/');
    const spring = page.locator('#litters').getByRole('listitem').filter({ hasText: 'Spring Litter' });
    await expect(spring).toContainText(`Willow × ${grandsire}`);

    // A planned pairing of Cooper and Maple: unrelated in the registry, so 0%; each with its health results.
    await page.goto('/admin/pairing');
    await expect(page.getByRole('heading', { name: 'Planned pairing', level: 2 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Sire', exact: true }).fill('Coop');
    await page.getByRole('option', { name: /^Cooper/ }).click();
    await expect(page.getByRole('list', { name: "Cooper's health results" })).toContainText('PawPrint: DM: Clear');
    await page.getByRole('combobox', { name: 'Dam', exact: true }).fill('Map');
    await page.getByRole('option', { name: /^Maple/ }).click();
    await expect(page.getByRole('list', { name: "Maple's health results" }).getByRole('link', { name: /OFA hips: Good/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'COI of the litter: 0% over 5 generations' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Trial pedigree' }).getByText('Blaze', { exact: true })).toBeVisible();
  });
});

test.describe('the breeder’s dog registry', () => {
  usePrivateServer({ offset: 81, seed: true });

  test('searches the registry, deletes a referenced ancestor after a warning (its child’s sire becomes unknown), and takes a dog off the home page', async ({
    page,
  }) => {
    await page.goto('/admin');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: /Username/ }).fill(ADMIN.username);
    await login.locator('input[type=password]').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).or(page.getByText('You are signed in as'))).toBeVisible();
    await page.goto('/admin/parents');
    await expect(page.getByRole('heading', { name: 'Dogs', level: 2 })).toBeVisible();

    // Search by registered name, then by registration number.
    const search = page.getByRole('textbox', { name: 'Search dogs' });
    await search.fill('Goldcrest');
    await expect(page.getByRole('button', { name: 'Edit Gus' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Sam' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Maple' })).toHaveCount(0);
    await search.fill('SR90311201');
    await expect(page.getByRole('button', { name: 'Edit Duke' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Sam' })).toHaveCount(0);

    // Gus is Sam's sire: deleting him says so first, and Cancel keeps him.
    await search.fill('Gus');
    await page.getByRole('button', { name: 'Delete Gus' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this dog?' });
    await expect(confirm).toContainText('Gus is named as a parent by 1 dog or litter. Deleting Gus leaves that parent unknown there.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit Gus' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Gus' }).click();
    await page.getByRole('dialog', { name: 'Delete this dog?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Gus was removed from the site.' })).toBeVisible();
    await search.fill('Sam');
    await expect(page.getByText('Sire: unknown · Dam: unknown').first()).toBeVisible();

    // Featured off: Maple leaves the home page's parents and the public list, and stays on her family tree.
    await search.fill('Maple');
    await page.getByRole('button', { name: 'Edit Maple' }).click();
    const form = page.getByRole('form', { name: 'Edit Maple' });
    const featured = form.getByRole('switch', { name: /^Featured/ });
    await expect(featured).toBeChecked();
    await featured.uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'saved' }).first()).toBeVisible();
    const parents = (await (await page.request.get('/api/parents/featured')).json()) as Array<{ name: string }>;
    expect(parents.map((d) => d.name)).not.toContain('Maple');
    expect(parents.length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.locator('#parents').getByRole('heading', { name: parents[0]!.name })).toBeVisible();
    await expect(page.locator('#parents').getByRole('heading', { name: 'Maple' })).toHaveCount(0);
  });
});

test('a family tree prints on one page, the pedigree alone', async ({ page, request }) => {
  const maple = ((await (await request.get('/api/parents/featured')).json()) as Array<{ id: number; name: string }>).find(
    (d) => d.name === 'Maple',
  )!;
  await page.goto(`/family-tree/${maple.id}`);
  await page.getByRole('button', { name: "Show Sam's parents" }).click();
  await expect(page.getByRole('link', { name: 'Gus', exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('list', { name: "Maple's pedigree" })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: "Maple's Family Tree" })).toBeHidden();
  // The printed document (Chromium's own PDF of the print styles) is a single page.
  const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
});
