// The content pages around the home page: blog, owner resources, family tree, the Family
// Questionnaire, newsletter unsubscribe and the legal pages.
import { expect, test, type Page } from '@playwright/test';
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

test('the questionnaire validates, keeps the answers when sending fails, then submits', async ({ page }) => {
  await page.goto('/questionnaire');
  const form = page.locator('form#questionnaire');
  await page.getByRole('button', { name: 'Send Questionnaire' }).click();
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(form.getByText('Please tell us who lives in your home.')).toBeVisible();
  await expect(form.getByText('Please choose one.').first()).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();

  await form.getByLabel('Your name').fill('Jamie Rivera');
  await form.getByLabel('Email').fill('jamie@example.com');
  await form.getByLabel('Phone').fill('720-555-0199');
  await form.getByLabel('City and state').fill('Boulder, CO');
  await form.getByLabel('Who lives in your home?').fill('Two adults and two kids, ages 6 and 9.');
  await form.getByRole('radio', { name: 'No', exact: true }).check();
  await form.getByLabel('Type of home').selectOption({ label: 'House' });
  await form.getByLabel('Do you own or rent?').selectOption({ label: 'We own our home' });
  await form.getByLabel('Your yard').selectOption({ label: 'Fully fenced yard' });
  await form.getByLabel('Hours the puppy would be alone on a typical day').selectOption({ label: 'Less than 2 hours' });
  await form.getByLabel('Your experience with dogs').selectOption({ label: 'We have had dogs before' });
  await form.getByLabel('Tell us about the dogs you have had and your plans for training').fill('We had a Lab for 12 years and will take a puppy class.');
  await form.getByLabel('Preferred size').selectOption({ label: 'Mini (15-25 lbs)' });
  await form.getByLabel('Preferred gender').selectOption({ label: 'No preference' });
  await form.getByLabel('When are you hoping to bring a puppy home?').selectOption({ label: 'In 3 to 6 months' });
  await form.getByLabel('How did you hear about us?').selectOption({ label: 'A friend or family member' });

  // The server cannot be reached: a failure toast, and every answer is still there.
  await page.route('**/trpc/inquiries.create**', (route) => route.abort());
  await page.getByRole('button', { name: 'Send Questionnaire' }).click();
  await expect(page.getByText('Submission Failed')).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue('Jamie Rivera');
  await expect(form.getByLabel('Preferred size')).toHaveValue('mini');
  await page.unroute('**/trpc/inquiries.create**');

  await page.getByRole('button', { name: 'Send Questionnaire' }).click();
  await expect(page.getByText('Questionnaire Submitted')).toBeVisible();
  await expect(page.getByText('Thank you, Jamie Rivera.', { exact: false })).toBeVisible();
});

test('unsubscribe explains a missing token and rejects an unknown one', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByText('This page needs the unsubscribe link from one of our newsletter e-mails.', { exact: false })).toBeVisible();

  await page.goto('/unsubscribe?token=not-a-real-token');
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
  (await new AxeBuilder({ page }).include('#main').analyze()).violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));

test('axe finds no accessibility violations on the questionnaire and a family tree', async ({ page }) => {
  await page.goto('/questionnaire');
  await expect(h1(page, 'Family Questionnaire')).toBeVisible();
  // With the error messages showing, too.
  await page.getByRole('button', { name: 'Send Questionnaire' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await page.goto('/family-tree');
  await page.getByRole('link', { name: "Maple's family tree" }).click();
  await expect(page.getByRole('article', { name: 'Autumn Litter' }).getByText('Biscuit', { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
