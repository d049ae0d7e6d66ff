import { expect, test } from '@playwright/test';

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
