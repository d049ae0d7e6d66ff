// Pick day (issue 50): three families on their phones choose in order while the breeder runs the board on her laptop.
// The first passes, the second's window runs out (ended by its job on the server), the third chooses; every other
// screen follows live, without a reload.
import { randomBytes } from 'node:crypto';
import { request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test, waitsForApp } from './fixtures.ts';
import { usePrivateServer } from './private-server.ts';
import { signInAdmin } from './admin-fixture.ts';

const PASSWORD = 'pick-day-password-1';
const ANSWERS = {
  phone: '720-555-0199',
  location: 'Boulder, CO',
  household: 'Two adults',
  otherPets: '',
  allergies: 'no',
  homeType: 'house',
  ownership: 'own',
  yard: 'yes',
  fence: 'full',
  hoursAlone: 'under2',
  experience: 'before',
  experienceDetails: 'We had a Lab for 12 years.',
  size: 'mini',
  gender: 'any',
  color: 'apricot',
  timing: '3to6',
  heardAbout: 'friend',
  notes: '',
};

async function api(base: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
}

async function ok<T>(res: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>): Promise<T> {
  const r = await res;
  if (!r.ok()) throw new Error(`${r.status()}: ${await r.text()}`);
  return (await r.json()) as T;
}

/** A tRPC call as the breeder (the dashboard's own procedures). */
const trpc = <T>(ctx: APIRequestContext, path: string, input: unknown) =>
  ok<{ result: { data: T } }>(ctx.post(`/trpc/${path}`, { data: input })).then((r) => r.result.data);

async function phonePage(
  browser: Browser,
  base: string,
  storageState: Awaited<ReturnType<APIRequestContext['storageState']>>,
): Promise<Page> {
  const context = await browser.newContext({ ...(test.info().project.use as object), baseURL: base, storageState });
  return waitsForApp(await context.newPage());
}

test.describe('pick day', () => {
  test.describe.configure({ mode: 'serial' });
  const server = usePrivateServer({ offset: 98, seed: true });

  test('three families in order on their phones: one passes, one’s window runs out, one chooses; the others follow live', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const tag = randomBytes(3).toString('hex');
    // The breeder's litter and three waitlisted families, through the site's own API.
    const breederApi = await api(server.base);
    await ok(breederApi.post('/api/login', { data: { username: 'breeder', password: 'golden-meadow-2026' } }));
    const litter = await trpc<{ id: number }>(breederApi, 'admin.litters.create', {
      name: 'Pick Day',
      motherName: 'Rosie',
      fatherName: 'Cooper',
      birthDate: new Date(Date.now() - 49 * 86_400_000).toISOString().slice(0, 10),
    });
    for (const [name, gender] of [
      ['Maple', 'female'],
      ['Juniper', 'male'],
      ['Sage', 'female'],
    ] as const) {
      await trpc(breederApi, 'admin.puppies.create', { name, gender, color: 'Apricot', litterId: litter.id, price: 2800 });
    }
    const families: Array<{ name: string; state: Awaited<ReturnType<APIRequestContext['storageState']>> }> = [];
    for (const name of ['Ada Family', 'Bea Family', 'Cy Family']) {
      const username = `${name.split(' ')[0]!.toLowerCase()}_${tag}`;
      const family = await api(server.base);
      await ok(family.post('/api/register', { data: { username, email: `${username}@example.com`, password: PASSWORD } }));
      const app = await ok<{ id: number }>(
        family.post('/api/applications', {
          data: { ...ANSWERS, name, email: `${username}@example.com`, idempotencyKey: randomBytes(32).toString('hex') },
        }),
      );
      await trpc(breederApi, 'admin.applications.changeStatus', { id: app.id, status: 'approved' });
      await trpc(breederApi, 'admin.applications.changeStatus', { id: app.id, status: 'waitlisted', litterId: null });
      families.push({ name, state: await family.storageState() });
    }

    // The breeder, at her laptop, announces the litter: one minute to choose, a missed window waits for the next litter.
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.base });
    const breeder = waitsForApp(await laptop.newPage());
    await signInAdmin(breeder, `/admin/picks`);
    await breeder.getByRole('combobox', { name: 'Litter' }).click();
    await breeder.getByRole('option', { name: /^Pick Day/ }).click();
    await expect(breeder.getByRole('heading', { name: 'Announce this litter to the waitlist' })).toBeVisible();
    await breeder.getByRole('combobox', { name: 'Time each family has to choose' }).click();
    await breeder.getByRole('option', { name: 'Other (minutes)' }).click();
    await breeder.getByRole('textbox', { name: 'Minutes to choose' }).fill('1');
    await breeder.getByRole('combobox', { name: 'When a family’s time runs out' }).click();
    await breeder.getByRole('option', { name: 'The family waits for the next litter' }).click();
    await breeder.getByRole('button', { name: 'Announce to the waitlist' }).click();
    const order = breeder.getByRole('list', { name: 'Families asked' });
    for (const f of families) await expect(order.getByRole('listitem', { name: f.name })).toContainText('No answer yet');

    // Each family, on its phone, says yes; the breeder's board follows live.
    const [ada, bea, cy] = [
      await phonePage(browser, server.base, families[0]!.state),
      await phonePage(browser, server.base, families[1]!.state),
      await phonePage(browser, server.base, families[2]!.state),
    ];
    for (const [i, phone] of [ada, bea, cy].entries()) {
      await phone.goto('/account');
      const card = phone.getByRole('region', { name: 'Pick day: the Pick Day litter' });
      await expect(card.getByText('Answer needed')).toBeVisible();
      await card.getByRole('button', { name: 'Yes, this litter' }).click();
      await expect(card.getByText('You said yes to this litter.')).toBeVisible();
      await expect(order.getByRole('listitem', { name: families[i]!.name })).toContainText('Yes');
    }

    // Picks open: Ada's turn; Bea and Cy see their place, how many are ahead and how many puppies remain.
    await breeder.getByRole('button', { name: 'Set the order and open picks' }).click();
    await expect(breeder.getByText('Now choosing: Ada Family')).toBeVisible();
    const card = (p: Page) => p.getByRole('region', { name: 'Pick day: the Pick Day litter' });
    await expect(card(ada).getByText('It’s your turn to choose')).toBeVisible();
    await expect(card(ada).getByRole('article', { name: 'Maple' }).getByRole('button', { name: 'Choose Maple' })).toBeVisible();
    await expect(card(bea).getByText('Your place: 2 · 1 family ahead of you · 3 puppies remaining')).toBeVisible();
    await expect(card(cy).getByText('Your place: 3 · 2 families ahead of you · 3 puppies remaining')).toBeVisible();
    for (const p of [bea, cy]) {
      await expect(card(p).getByRole('button', { name: /^Choose / })).toHaveCount(0);
      for (const other of families) await expect(card(p)).not.toContainText(other.name);
    }

    // Ada passes: Bea's turn arrives on her phone, Cy moves up, live.
    await card(ada).getByRole('button', { name: 'Pass on this litter' }).click();
    await ada.getByRole('dialog', { name: 'Pass on this litter?' }).getByRole('button', { name: 'Pass', exact: true }).click();
    await expect(
      card(ada).getByText('You passed on this litter. You keep your place on the waitlist for the next one.').first(),
    ).toBeVisible();
    await expect(card(bea).getByText('It’s your turn to choose')).toBeVisible();
    await expect(card(cy).getByText('Your place: 2 · 1 family ahead of you · 3 puppies remaining')).toBeVisible();
    await expect(breeder.getByText('Now choosing: Bea Family')).toBeVisible();
    const pickOrder = breeder.getByRole('list', { name: 'Pick order' });
    await expect(pickOrder.getByRole('listitem', { name: 'Ada Family' })).toContainText('Passed');

    // Bea does nothing: her minute runs out, the server's job moves the turn to Cy.
    await expect(card(cy).getByText('It’s your turn to choose')).toBeVisible({ timeout: 120_000 });
    await expect(
      card(bea).getByText('Your time to choose ran out. You keep your place on the waitlist for the next litter.').first(),
    ).toBeVisible();
    await expect(pickOrder.getByRole('listitem', { name: 'Bea Family' })).toContainText('Window ran out');
    await expect(breeder.getByText('Now choosing: Cy Family')).toBeVisible();

    // Cy chooses Maple: the choice is the match; the breeder's board and the others' screens show pick day complete.
    await card(cy).getByRole('button', { name: 'Choose Maple' }).click();
    await cy.getByRole('dialog', { name: 'Choose Maple?' }).getByRole('button', { name: 'Yes, choose Maple' }).click();
    await expect(card(cy).getByText('You chose Maple.')).toBeVisible();
    await expect(pickOrder.getByRole('listitem', { name: 'Cy Family' })).toContainText('Chose Maple');
    await expect(breeder.getByText('Pick day is over: each family has its results.')).toBeVisible();
    await expect(card(ada).getByText('Complete')).toBeVisible();
    await expect(card(bea).getByText('Complete')).toBeVisible();
    await expect(card(ada)).not.toContainText('Maple');
  });
});
