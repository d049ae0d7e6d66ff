// A day is a day (issue 45): a balance or a care item due on a day reads as that day on the breeder's phone wherever
// the phone is. Before, the line's midnight UTC was read as a time where the phone was: in Colorado a Thursday vet
// check read "Wed 5:00 PM". The same Today is read here in America/Denver and in UTC and must show the same days.
import type { Browser } from '@playwright/test';
import { expect, test, waitsForApp } from './fixtures.ts';
import { usePrivateServer } from './private-server.ts';
import { signInAdmin, signInAdminThroughForm } from './admin-fixture.ts';
import { formatShortDay } from '../src/lib/shared/format.ts';

/** "Thu, Dec 10" (or "Thu, Dec 10, 2027" in another year): what the line for a day must read. */
const SHORT_DAY = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(, \d{4})?$/;

test.describe('A day is a day', () => {
  const server = usePrivateServer({ offset: 52, seed: true });

  /** Today on a phone whose clock is in `timezoneId`, signed in as the breeder. */
  async function todayIn(browser: Browser, timezoneId: string, first: boolean) {
    const { launchOptions: _launch, ...device } = test.info().project.use;
    const context = await browser.newContext({ ...device, baseURL: server.base, timezoneId });
    const page = waitsForApp(await context.newPage());
    if (first) await signInAdminThroughForm(page, '/admin');
    else await signInAdmin(page, '/admin');
    await expect(page.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();
    // The page's clock really is in that zone: Denver is 7 hours behind UTC in winter, 6 in summer.
    const offset = await page.evaluate(() => new Date().getTimezoneOffset());
    expect(timezoneId === 'UTC' ? offset === 0 : offset === 420 || offset === 360).toBe(true);
    return { context, page };
  }

  /** Each line of "Needs you" from `source` with a day: its title, its day (the time element's datetime), its label. */
  async function dayLines(page: Awaited<ReturnType<typeof todayIn>>['page'], title: RegExp) {
    const needs = page.getByRole('list', { name: 'Needs you' });
    const links = needs.getByRole('link', { name: title });
    await expect(links.first()).toBeVisible();
    const lines: Array<{ title: string; day: string; label: string }> = [];
    for (const link of await links.all()) {
      const time = link.locator('time');
      lines.push({
        title: (await link.innerText()).split('\n')[0]!,
        day: (await time.getAttribute('datetime'))!,
        label: await time.innerText(),
      });
    }
    return lines;
  }

  test('@phone a care due date and a balance due date read as the same day in America/Denver and in UTC', async ({ browser }) => {
    const denver = await todayIn(browser, 'America/Denver', true);
    const utc = await todayIn(browser, 'UTC', false);
    try {
      // The demo kennel: the Martins' balance falls due on Rosie's go-home day this week; each litter's care items are due or overdue.
      const balance = /^The Martins: balance of \$2,300\.00 due /;
      const care = /^[A-Z][a-z]+ Litter: .+, \d+ pupp(y|ies)\b/;
      for (const pattern of [balance, care]) {
        const there = await dayLines(denver.page, pattern);
        const here = await dayLines(utc.page, pattern);
        expect(there).toEqual(here);
        for (const line of there) {
          expect(line.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(line.label).toMatch(SHORT_DAY);
          // The day the server meant, not its midnight UTC read as a time ("Wed 5:00 PM") or as the day before.
          expect(line.label).toBe(formatShortDay(line.day));
        }
      }
      // The balance's own words name the same day as its label.
      const [martins] = await dayLines(denver.page, balance);
      expect(martins!.title).toBe(`The Martins: balance of $2,300.00 due ${martins!.label}`);

      // The go-home line names the puppy and its family and opens the family's record (its application).
      const home = denver.page.getByRole('link', { name: /^Rosie goes home with The Martins/ });
      await expect(home).toBeVisible();
      await home.click();
      await expect(denver.page).toHaveURL(/\/admin\/applications\?edit=\d+$/);
      await expect(denver.page.getByRole('heading', { name: 'Application from Dana Martin' })).toBeVisible();
      await expect(denver.page.getByText('Matched with Rosie.')).toBeVisible();
    } finally {
      await denver.context.close();
      await utc.context.close();
    }
  });
});
