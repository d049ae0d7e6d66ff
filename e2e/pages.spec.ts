// The content pages around the home page: blog, owner resources, family tree, the Family
// Questionnaire, newsletter unsubscribe and the legal pages.
import { expect, test, type Page } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('every content route renders its heading', async ({ page }) => {
  const routes: Array<[string, string]> = [
    ['/blog', 'Our Blog'],
    ['/blog/what-is-puppy-culture', 'What Is Puppy Culture?'],
    ['/resources', 'Owner Resources'],
    ['/resources/vaccinations-and-vet-care', 'Vaccinations and Vet Care'],
    ['/family-tree', 'Family Tree'],
    ['/questionnaire', 'Family Questionnaire'],
    ['/unsubscribe', 'Unsubscribe from our newsletter'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ];
  for (const [path, heading] of routes) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(h1(page, heading), path).toBeVisible();
  }
});

test('a blog post opens from the list, and an unknown post says it was not found', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'Goldendoodle Coat Care: Brushing, Bathing and Grooming' }).click();
  await expect(page).toHaveURL(/\/blog\/goldendoodle-coat-care-brushing-bathing-and-grooming$/);
  await expect(h1(page, 'Goldendoodle Coat Care: Brushing, Bathing and Grooming')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Brushing', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Goldendoodle Coat Care/);

  await page.getByRole('link', { name: '← All articles' }).click();
  await expect(h1(page, 'Our Blog')).toBeVisible();

  await page.goto('/blog/no-such-article');
  await expect(h1(page, 'Article not found')).toBeVisible();
  await page.getByRole('link', { name: 'See all articles' }).click();
  await expect(h1(page, 'Our Blog')).toBeVisible();
});

test('owner resources open from the list; an unknown guide says it was not found', async ({ page }) => {
  await page.goto('/resources');
  await page.getByRole('link', { name: 'Vaccinations and Vet Care' }).click();
  await expect(h1(page, 'Vaccinations and Vet Care')).toBeVisible();
  // Consistent with the FAQ: no vaccinations before pickup, pickup at 8 weeks.
  await expect(page.getByText('no vaccinations are given before pickup')).toBeVisible();
  await expect(page.getByText('Puppies go home at 8 weeks of age.')).toBeVisible();

  await page.goto('/resources/no-such-guide');
  await expect(h1(page, 'Guide not found')).toBeVisible();
});

test('the family tree shows the parent dogs, each dog’s litters and puppies, and unknown dogs', async ({ page }) => {
  await page.goto('/family-tree');
  await expect(page.getByRole('heading', { name: 'Maple', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cooper', exact: true })).toBeVisible();
  await expect(page.getByText('Autumn Litter:')).toBeVisible();

  await page.getByRole('link', { name: "Maple's family tree" }).click();
  await expect(h1(page, "Maple's Family Tree")).toBeVisible();
  const litter = page.getByRole('article', { name: 'Autumn Litter' });
  await expect(litter).toBeVisible();
  await expect(litter.getByText('Biscuit', { exact: true })).toBeVisible();
  // A sold puppy is not listed.
  await expect(litter.getByText('Poppy', { exact: true })).toHaveCount(0);
  const dogUrl = page.url();

  // The mate is one of our parent dogs: its name links to its own tree.
  await litter.getByRole('link', { name: 'Cooper' }).click();
  await expect(h1(page, "Cooper's Family Tree")).toBeVisible();
  await expect(page.getByRole('article', { name: 'Autumn Litter' })).toBeVisible();

  // An expected litter has no puppies yet.
  await page.goto('/family-tree');
  await page.getByRole('link', { name: "Willow's family tree" }).click();
  await expect(page.getByRole('article', { name: 'Spring Litter' }).getByText("This litter hasn't been born yet.")).toBeVisible();

  await page.goto(dogUrl.replace(/\/\d+$/, '/999999'));
  await expect(h1(page, 'Dog not found')).toBeVisible();
  await page.goto('/family-tree/not-a-dog');
  await expect(h1(page, 'Dog not found')).toBeVisible();
});

test("when the answers' rules cannot load, a family's questionnaire is still checked, by the server", async ({ page, baseURL }) => {
  // The form's rules load after the page; here their file fails as on a dropped connection.
  await page.route(/\/assets\/applications\.schema-[^/]+\.js$/, (route) => route.abort('connectionfailed'));
  const username = `rules_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await page.request.post('/api/register', {
    headers: { origin: baseURL! },
    data: { username, email: `${username}@example.com`.toLowerCase(), password: 'sunny-porch-swing' },
  });
  expect(registered.ok()).toBe(true);
  await page.goto('/questionnaire');
  const form = page.locator('form#questionnaire');
  await form.getByRole('button', { name: 'Send Questionnaire' }).click();
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(form.getByText('Please tell us who lives in your home.')).toBeVisible();
  await expect(page.getByText('Submission Failed')).toBeVisible();
});

test('unsubscribe explains a missing token and rejects an unknown one', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByText('This page needs the unsubscribe link from one of our newsletter e-mails.', { exact: false })).toBeVisible();

  await page.goto('/unsubscribe?token=not-a-real-token');
  // The page acts on its button only (mail scanners open links: issue 28).
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' })).toBeVisible();
});

test('the legal pages show the contact e-mail from the site settings', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByText('There are no third-party trackers on this website', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  await page.goto('/terms-of-service');
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
});

// Scoped to the page content: the shared header and footer are checked by their own journey.
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).include('#main').analyze()).violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));

test('axe finds no accessibility violations on the questionnaire and a family tree', async ({ page }) => {
  await page.goto('/questionnaire');
  await expect(h1(page, 'Family Questionnaire')).toBeVisible();
  // With the error messages showing, too.
  await page.getByRole('button', { name: 'Sign in to send' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await page.goto('/family-tree');
  await page.getByRole('link', { name: "Maple's family tree" }).click();
  await expect(page.getByRole('article', { name: 'Autumn Litter' }).getByText('Biscuit', { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
