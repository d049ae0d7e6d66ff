// The first run of a new site (issue 48): /setup is 404 without the one-time token the start logged; with it she makes
// her admin account and names her kennel (an empty site keeps nothing of the demo breeder's); then the token answers
// 410 and /setup stays closed while an admin exists. GET /api/admin/health is the breeder's only.
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { seedDemoContent } from './seed/seed.ts';
import { readState } from '../features/site-health/server/site-state.ts';
import { openSetupLink } from '../features/site-health/server/setup-token.ts';
import { HealthReportSchema } from '../features/site-health/site-health.schema.ts';

const t = useTestApp({}, { pages: true });
const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };
const token = async () => (await readState<{ token: string }>(t.orm.em.fork(), 'setup')).token!;
const answers = (overrides: Record<string, unknown> = {}) => ({
  username: 'sarah',
  password: 'willow-creek-2026',
  kennelName: 'Willow Creek Doodles',
  town: 'Bend, Oregon',
  email: 'hello@willowcreek.example',
  phone: '541-555-0100',
  content: 'empty',
  ...overrides,
});
const complete = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/trpc/setup.complete', headers: json, payload });

describe('first run', () => {
  it('the start made a one-time link; /setup without it, or with another, is 404', async () => {
    expect(await openSetupLink(t.orm.em.fork(), TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/setup?token=${await token()}`);
    expect((await t.app.inject({ url: '/setup' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/setup?token=not-the-token' })).statusCode).toBe(404);
    const page = await t.app.inject({ url: `/setup?token=${await token()}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Set up your website');
  });

  it('refuses a bad answer with its message and a 400, and the link still opens', async () => {
    const short = await complete({ token: await token(), ...answers({ password: 'short' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/at least 10 characters/);
    const wrong = await complete({ token: 'not-the-token', ...answers() });
    expect(wrong.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/setup?token=${await token()}` })).statusCode).toBe(200);
  });

  it('makes her admin (signed in), names the site, leaves no demo content; then the link answers 410 and /setup stays closed', async () => {
    // The start seeded the demo content (SEED_DEMO's default): an empty site removes it.
    await seedDemoContent(t.orm.em.fork(), { force: false });
    expect((await t.app.inject({ url: '/' })).body).toContain('Aspen Meadow Doodles');
    const link = await token();

    const res = await complete({ token: link, ...answers() });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const me = await t.app.inject({ url: '/trpc/auth.me', headers: { cookie } });
    expect(me.json().result.data).toMatchObject({ username: 'sarah', isAdmin: true });

    const home = await t.app.inject({ url: '/' });
    expect(home.body).toContain('Willow Creek Doodles');
    expect(home.body).toContain('Bend, Oregon');
    expect(home.body).not.toMatch(/Aspen Meadow|aspenmeadow/i);
    const puppies = await t.app.inject({ url: '/api/puppies' });
    expect(JSON.stringify(puppies.json())).not.toContain('Biscuit');

    expect((await t.app.inject({ url: `/setup?token=${link}` })).statusCode).toBe(410);
    expect((await t.app.inject({ url: '/setup' })).statusCode).toBe(404);
    expect((await complete({ token: link, ...answers({ username: 'intruder' }) })).statusCode).toBe(409);
    // A restart logs no link while an admin exists.
    expect(await openSetupLink(t.orm.em.fork(), TEST_ORIGIN)).toBeNull();
  });

  it('the empty site’s settings save (its logo, as the last step does) before any process step is written', async () => {
    const admin = await signIn(t.orm, { username: 'sarah', isAdmin: true });
    const as = t.caller(admin.user).admin.settings;
    const settings = await as.get();
    expect(settings.processBlocks).toEqual([]);
    const saved = await as.update({ ...settings, logoUrl: '/uploads/0b6f4f1e-3c2a-4b8e-9d1a-2f3e4d5c6b7a.png' });
    expect(saved.logoUrl).toBe('/uploads/0b6f4f1e-3c2a-4b8e-9d1a-2f3e4d5c6b7a.png');
    // Three steps is neither none nor the four the home page shows.
    const three = Array.from({ length: 3 }, (_, i) => ({ title: `Step ${i + 1}`, body: 'Text' }));
    await expect(as.update({ ...settings, processBlocks: three })).rejects.toThrow('There are exactly four process blocks.');
    await as.update({ ...settings, logoUrl: null });
  });

  it('Today lists the go-live checklist; a dismissed item goes, a done one goes by itself', async () => {
    const admin = await signIn(t.orm, { username: 'sarah', isAdmin: true });
    const titles = async () => (await t.caller(admin.user).admin.today.get()).action.map((i) => i.title);
    expect(await titles()).toEqual(
      expect.arrayContaining([
        'Go live: add your photos and your story',
        'Go live: add your first litter or dog',
        'Go live: send e-mail from your own address',
        'Go live: put the site on your own domain',
        'Go live: check that backups are made',
      ]),
    );
    await t.caller(admin.user).admin.siteHealth.dismissGoLive({ item: 'domain' });
    await t.orm.em
      .fork()
      .execute(
        `insert into "litters" ("name", "description", "mother_name", "father_name", "active", "created_at", "updated_at") values ('First', '', 'Juniper', 'Ranger', true, now(), now())`,
      );
    const after = await titles();
    expect(after).not.toContain('Go live: put the site on your own domain');
    expect(after).not.toContain('Go live: add your first litter or dog');
    expect(after).toContain('Go live: add your photos and your story');
    const list = await t.caller(admin.user).admin.siteHealth.goLive();
    expect(list.items.find((i) => i.item === 'litter')).toMatchObject({ done: true, dismissed: false });
  });
});

describe('GET /api/admin/health', () => {
  it('answers the breeder only: 401 for a visitor, 403 for a family', async () => {
    const family = await signIn(t.orm, { username: 'family_health', isAdmin: false });
    expect((await t.app.inject({ url: '/api/admin/health' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/health', headers: { cookie: family.cookie } })).statusCode).toBe(403);
  });

  it('lists every check with its state, meaning and fix; the proxy check reads this request', async () => {
    const admin = await signIn(t.orm, { username: 'health_admin', isAdmin: true });
    const res = await t.app.inject({ url: '/api/admin/health', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const report = HealthReportSchema.parse(res.json());
    expect(report.checks.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'origin',
        'proxy',
        'database',
        'disk',
        'mail',
        'dns.spf',
        'dns.dkim',
        'dns.dmarc',
        'backup',
        'media-tools',
        'web-push',
        'node',
        'contracts.certificate',
      ]),
    );
    expect(report.state).toBe('fail'); // no mail server, no backup yet
    expect(report.checks.find((c) => c.id === 'database')).toMatchObject({ state: 'ok' });
    expect(report.checks.find((c) => c.id === 'mail')).toMatchObject({ state: 'fail', fix: expect.stringContaining('SMTP_URL=') });
    expect(report.checks.find((c) => c.id === 'proxy')).toMatchObject({ state: 'ok' });
    // Through a proxy the site does not believe (TRUST_PROXY empty): the rate limits would see the proxy.
    const proxied = HealthReportSchema.parse(
      (await t.app.inject({ url: '/api/admin/health', headers: { cookie: admin.cookie, 'x-forwarded-for': '203.0.113.9' } })).json(),
    );
    expect(proxied.checks.find((c) => c.id === 'proxy')).toMatchObject({ state: 'fail', fix: expect.stringContaining('TRUST_PROXY=1') });
  });
});
