import { expect, test } from './fixtures.ts';

test('the home page shows seeded puppies in the Our Puppies grid', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section#puppies');
  await expect(section.getByRole('heading', { name: 'Our Puppies' })).toBeVisible();
  await expect(section.getByRole('button', { name: /View details for Biscuit/ })).toBeVisible();
  await expect(section.getByText('$2,800').first()).toBeVisible();
  // sold puppies are not listed
  await expect(section.getByText('Poppy')).toHaveCount(0);
});

test('an unknown path shows the not-found page with HTTP 404', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('unknown posts, guides and dogs answer 404 and show their not-found view', async ({ page }) => {
  for (const [url, heading] of [
    ['/blog/no-such-post', 'Article not found'],
    ['/resources/no-such-guide', /not found/i],
  ] as const) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect((await page.goto('/family-tree/99999'))?.status()).toBe(404);
});

test('a shared puppy link opens its details; closing and the back button keep the address in step', async ({ page }) => {
  const puppies = (await (await page.request.get('/api/puppies/featured')).json()) as Array<{ id: number; name: string }>;
  const biscuit = puppies.find((p) => p.name === 'Biscuit')!;
  const res = await page.goto(`/?puppy=${biscuit.id}`);
  expect(res?.status()).toBe(200);
  // A link preview (no JavaScript) sees this puppy.
  expect(await res!.text()).toMatch(/<title>Biscuit: Male apricot mini Goldendoodle puppy/);
  const dialog = page.getByRole('dialog', { name: 'Biscuit' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // Opening from the grid puts the puppy in the address; the back button closes it again.
  await page.getByRole('button', { name: 'View details for Honey' }).click();
  const honey = page.getByRole('dialog', { name: 'Honey' });
  await expect(honey).toBeVisible();
  await expect(page).toHaveURL(/\?puppy=\d+$/);
  // The tab says which puppy is open, as the link preview does (the home route's head, in the browser too).
  await expect(page).toHaveTitle(/^Honey: (Male|Female) .* mini Goldendoodle puppy \| Aspen Meadow Doodles$/);
  await page.goBack();
  await expect(honey).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Aspen Meadow Doodles | Mini Goldendoodle Puppies in Colorado');
});
