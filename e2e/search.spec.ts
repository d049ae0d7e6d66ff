// A visitor searches the blog and the owner resources (issue 35): types in the search box, presses Enter, reads
// what the server found at an address that can be shared (?q=), and a search that finds nothing says so.
import { expect, test } from './fixtures.ts';
import { inBothThemes } from './axe.ts';

test('a visitor searches the blog and the guides, and sees what matches or that nothing does @phone', async ({ page }) => {
  await page.goto('/blog');
  const box = page.getByRole('searchbox', { name: 'Search posts' });
  await box.fill('puppy culture');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/blog\?q=puppy(\+|%20)culture$/);
  await expect(page.getByRole('status').filter({ hasText: '1 post matches “puppy culture”.' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'What Is Puppy Culture?' })).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(1);
  // The query stays in the box.
  await expect(box).toHaveValue('puppy culture');
  expect(await inBothThemes(page, 'blog search results')).toEqual([]);

  // Nothing found: said, with the way back to every post.
  await box.fill('zebra stripes');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No posts match “zebra stripes”.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all posts' })).toBeVisible();
  // The results page is rendered by the server (a shared link, no JavaScript needed).
  const served = await page.request.get('/blog?q=zebra+stripes');
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('No posts match “zebra stripes”.');

  // The guides, searched in their text too.
  await page.goto('/resources');
  const guides = page.getByRole('searchbox', { name: 'Search the guides' });
  await guides.fill('core vaccines');
  await guides.press('Enter');
  await expect(page).toHaveURL(/\/resources\?q=core(\+|%20)vaccines$/);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Vaccinations and Vet Care' })).toBeVisible();
  expect(await inBothThemes(page, 'guide search results')).toEqual([]);

  // Too long a search is not run: the page says why.
  await page.goto(`/blog?q=${'a'.repeat(101)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Search for at most 100 characters.' })).toBeVisible();
});
