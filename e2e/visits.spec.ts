// Issue 32 on a phone: the breeder sets hours in the dashboard, an approved family books a visit from /account,
// the invitation reaches a real SMTP server and its .ics parses, and the breeder's calendar feed lists it.
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import AxeBuilder from '@axe-core/playwright';
import { usePrivateServerWithMail } from './private-server.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectToast, openSection, signInAdmin } from './admin-fixture.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('visits: book from the breeder’s hours', { tag: '@phone' }, () => {
  const { server, smtp } = usePrivateServerWithMail({ offset: 44, seed: true });

  test('@phone the breeder opens a morning, a family books it on a phone, gets the invitation, and the breeder’s feed lists it', async ({
    page,
    request,
  }) => {
    const base = server.base;
    const headers = { origin: base, 'content-type': 'application/json' };
    // The weekday three days from now in the breeder's zone (past the default 24-hour cut-off).
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', weekday: 'long' }).format(
      new Date(Date.now() + 3 * 86_400_000),
    );

    // The breeder opens that morning from the dashboard.
    await signInAdmin(page, '/admin');
    await openSection(page, 'Visits');
    await page.getByRole('button', { name: 'Add opening' }).click();
    await page.getByRole('combobox', { name: 'Opening 1: day' }).click();
    await page.getByRole('option', { name: day, exact: true }).click();
    await page.getByLabel('Opening 1: from').fill('09:00');
    await page.getByLabel('Opening 1: until').fill('11:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expectToast(page, 'Hours saved');
    const dashboardAxe = await new AxeBuilder({ page }).include('main').analyze();
    expect(dashboardAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(WEEKDAYS).toContain(day);
    await page.context().clearCookies();

    // A family with a verified address and an approved application.
    const email = `${unique('visit')}@example.com`;
    const username = unique('vfam');
    const password = 'porch-swing-lemonade-7';
    expect(
      (await request.post(`${base}/api/register`, { headers, data: { username, password, confirmPassword: password, email } })).status(),
    ).toBe(201);
    const verifyLink = () => smtp().received.find((m) => m.to.includes(email) && /\/verify-email\?token=/.test(m.text));
    await expect.poll(verifyLink, { timeout: 20_000 }).toBeTruthy();
    const token = new URL(/http\S+\/verify-email\?token=\S+/.exec(verifyLink()!.text)![0]).searchParams.get('token');
    expect((await request.post(`${base}/trpc/auth.verifyEmail`, { headers, data: { token } })).ok()).toBe(true);
    const sent = await request.post(`${base}/api/applications`, {
      headers,
      data: {
        name: 'The Visitors',
        email,
        location: 'Denver, CO',
        household: 'Two adults',
        allergies: 'no',
        homeType: 'house',
        ownership: 'own',
        yard: 'no',
        hoursAlone: 'under2',
        experience: 'now',
        experienceDetails: 'We have a poodle and love the breed.',
        size: 'mini',
        gender: 'female',
        color: 'red',
        timing: 'asap',
        heardAbout: 'friend',
        idempotencyKey: unique('k'),
      },
    });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    await request.post(`${base}/api/logout`, { headers });
    expect((await request.post(`${base}/api/login`, { headers, data: ADMIN })).ok()).toBe(true);
    expect((await request.post(`${base}/trpc/admin.applications.changeStatus`, { headers, data: { id, status: 'approved' } })).ok()).toBe(
      true,
    );

    // On the phone, in the dark theme (the dashboard above was light): /account's Visits card, both zones labelled.
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
    expect((await page.request.post(`${base}/api/login`, { headers, data: { username, password } })).ok()).toBe(true);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Visits' });
    await expect(card.getByText(/breeder’s time zone \(America\/Denver\)/)).toBeVisible();
    await card.getByRole('combobox', { name: 'Time' }).click();
    const first = page.getByRole('option').filter({ hasText: '9:00 AM' }).first();
    await expect(first).toContainText('breeder’s time');
    await first.click();
    await card.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Booked' }).first()).toBeVisible();
    await expect(card.getByRole('list', { name: 'Your bookings' })).toContainText('Confirmed');
    const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="visits-heading"]').analyze();
    expect(axe.violations).toEqual([]);

    // The invitation in the real SMTP sink: an .ics with METHOD:REQUEST that a maintained parser reads.
    const invitation = () => smtp().received.find((m) => m.to.includes(email) && m.subject === 'Your visit is booked');
    await expect.poll(invitation, { timeout: 20_000 }).toBeTruthy();
    const parsed = await simpleParser(invitation()!.raw);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const uid = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).uid;

    // The breeder's private feed lists it.
    const feed = (await (await request.post(`${base}/trpc/admin.visits.createFeed`, { headers, data: {} })).json()) as {
      result: { data: { url: string } };
    };
    const listed = await request.get(`${base}${new URL(feed.result.data.url).pathname}`);
    expect(listed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(new ICAL.Component(ICAL.parse(await listed.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).uid)).toContain(
      uid,
    );
  });
});
