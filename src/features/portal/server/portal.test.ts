// The family portal end to end through the real app: who sees what (procedures and private uploads as the
// family, another family, a visitor and an admin), updates and weights with their field errors, the growth
// chart, checklist ticks, pickup, documents, and the daily digest through a real SMTP server.
import { afterAll, describe, expect, it } from 'vitest';
import { type TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { jpegPart, multipartBody, pdfPart, solidImage, tinyPdf } from '../../../server/testing/uploads.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { DIGEST_SUBJECT, runDigest } from './digest.ts';
import { PORTAL_MESSAGES } from '../portal.schema.ts';
import { MEDIA_MESSAGES } from '../../media/media.schema.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('family portal', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });
  let admin: Signed;
  let parkers: Signed;
  let nguyens: Signed;
  let litterId: number;
  let lunaId: number;
  let maxId: number;
  let privatePhoto = '';
  let contract = '';

  const caller = (u: SessionUser | null) => t.caller(u);
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const upload = async (parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(201);
    return res.json().url as string;
  };
  const asPrivate = (url: string) => url.replace('/uploads/', '/private-media/');
  const code = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'OK';
    } catch (e) {
      return (e as TRPCError).code;
    }
  };

  it('sets up a litter with two matched families and a private photo that has no public address', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers' });
    nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens' });
    const em = t.orm.em.fork();
    for (const [u, email] of [
      [parkers, 'parkers@example.com'],
      [nguyens, 'nguyens@example.com'],
    ] as const) {
      const row = await em.findOneOrFail(User, u.user.id);
      row.email = email;
    }
    const litter = em.create(Litter, {
      name: 'Spring Litter',
      motherName: 'Rosie',
      fatherName: 'Cooper',
      birthDate: '2026-10-01',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const mk = (name: string, family: number | null) =>
      em.create(Puppy, {
        name,
        gender: 'female',
        color: 'apricot',
        litter,
        family,
        status: 'reserved',
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    const luna = mk('Luna', parkers.user.id);
    const max = mk('Max', nguyens.user.id);
    mk('Pip', null);
    await em.flush();
    [litterId, lunaId, maxId] = [litter.id, luna.id, max.id];

    privatePhoto = await upload([{ name: 'visibility', value: 'private' }, jpegPart(await solidImage(64, 48, 'jpeg'))]);
    expect((await get(privatePhoto)).statusCode).toBe(404);
    expect((await get(`${privatePhoto}?w=320`, admin.cookie)).statusCode).toBe(404);
  });

  it('posts an update to one puppy with photos and a weight in pounds, and one to the litter; notices go to the right families', async () => {
    const toLuna = await caller(admin.user).admin.portal.postUpdate({
      puppyId: lunaId,
      text: 'Luna opened her eyes today!',
      photos: [privatePhoto],
      weight: { value: 1.5, unit: 'lb', date: '2026-10-15' },
    });
    expect(toLuna.notices).toEqual([{ familyId: parkers.user.id, familyName: 'parkers', status: 'emailed', emailState: 'verified' }]);
    expect(toLuna.weight).toEqual({ ounces: 24, date: '2026-10-15' });
    const toLitter = await caller(admin.user).admin.portal.postUpdate({ litterId, text: 'The whole litter met the cat.' });
    expect(toLitter.notices.map((n) => n.familyId).sort()).toEqual([parkers.user.id, nguyens.user.id].sort());
    await caller(admin.user).admin.portal.postUpdate({
      puppyId: maxId,
      text: 'Max weighs in.',
      weight: { value: 20, unit: 'oz', date: '2026-10-15' },
    });
  });

  it('shows each family only its own puppy updates and its litter updates, newest first; visitors are refused', async () => {
    const forParkers = await caller(parkers.user).portal.updates();
    expect(forParkers.map((u) => u.text)).toEqual(['The whole litter met the cat.', 'Luna opened her eyes today!']);
    expect(forParkers[1]!.photos).toEqual([{ url: asPrivate(privatePhoto), width: null, height: null }]);
    const forNguyens = await caller(nguyens.user).portal.updates();
    expect(forNguyens.map((u) => u.text)).toEqual(['Max weighs in.', 'The whole litter met the cat.']);
    expect(JSON.stringify(forNguyens)).not.toContain(privatePhoto.slice('/uploads/'.length));

    const puppies = await caller(parkers.user).portal.puppies();
    expect(puppies.map((p) => p.name)).toEqual(['Luna']);
    expect(puppies[0]!.latestOunces).toBe(24);

    for (const proc of ['puppies', 'updates', 'checklist', 'documents', 'digest'] as const) {
      expect(await code(caller(null).portal[proc]())).toBe('UNAUTHORIZED');
    }
    expect(await code(caller(null).portal.growth({ puppyId: lunaId }))).toBe('UNAUTHORIZED');
    expect(await code(caller(null).portal.tick({ itemId: 1, done: true }))).toBe('UNAUTHORIZED');
    expect(await code(caller(null).portal.setDigest({ enabled: false }))).toBe('UNAUTHORIZED');
    // Session-dependent answers are never cached; /account itself needs a session before any HTML.
    expect((await get('/trpc/portal.updates', parkers.cookie)).headers['cache-control']).toBe('no-store');
    const page = await get('/account');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/auth?redirect=${encodeURIComponent('/account')}`);
    expect((await get('/account', parkers.cookie)).statusCode).toBe(200);
    // An admin's own portal holds no family's data (the dashboard is where the breeder reads it).
    expect(await caller(admin.user).portal.updates()).toEqual([]);
    // The family procedures of the dashboard stay closed to families.
    expect(await code(caller(parkers.user).admin.portal.updates({}))).toBe('FORBIDDEN');
    expect(await code(caller(parkers.user).admin.portal.documents({ familyId: parkers.user.id }))).toBe('FORBIDDEN');
  });

  it('refuses a private upload that is not an image exactly as it refuses the same file uploaded publicly', async () => {
    const send = async (parts: Parameters<typeof multipartBody>[0]) => {
      const { payload, headers } = multipartBody(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
      });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const countMedia = async () => (await t.orm.em.fork().execute<Array<{ n: number }>>('select count(*)::int as n from media'))[0]!.n;
    const before = await countMedia();
    const notImages: Array<[string, Buffer]> = [
      ['plain text named .jpg', Buffer.from('Dear family, here is the pickup plan.\n'.repeat(50))],
      ['a script named .jpg', Buffer.from('<script>alert(1)</script>'.repeat(300))],
      ['an SVG named .jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')],
    ];
    for (const [label, data] of notImages) {
      const publicly = await send([jpegPart(data, 'photo.jpg', 'image/jpeg')]);
      const privately = await send([{ name: 'visibility', value: 'private' }, jpegPart(data, 'photo.jpg', 'image/jpeg')]);
      expect(publicly, label).toEqual({ status: 415, body: { message: MEDIA_MESSAGES.wrongType } });
      expect(privately, label).toEqual(publicly);
    }
    expect(await countMedia()).toBe(before);
  });

  it('serves a private photo only to the families that may see it and to admins, with Cache-Control: private', async () => {
    const url = asPrivate(privatePhoto);
    const own = await get(`${url}?w=320`, parkers.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers['content-type']).toMatch(/^image\//);
    expect((await get(url, admin.cookie)).statusCode).toBe(200);
    expect((await get(url, nguyens.cookie)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(404);
    // A guessed address answers exactly like a missing one.
    expect((await get('/private-media/00000000-0000-4000-8000-000000000000.jpg', parkers.cookie)).statusCode).toBe(404);
  });

  it('refuses a weight that is not positive, a date in the future or before the birth, a weight for a whole litter and a public upload as field errors', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/admin.portal.postUpdate',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: admin.cookie },
        payload: JSON.stringify(payload),
      });
    const fieldErrors = async (payload: Record<string, unknown>) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.data.fieldErrors as Record<string, string[]>;
    };
    const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    expect(await fieldErrors({ puppyId: lunaId, text: 'x', weight: { value: 0, unit: 'oz', date: '2026-10-20' } })).toEqual({
      'weight.value': [PORTAL_MESSAGES.weightPositive],
    });
    expect(await fieldErrors({ puppyId: lunaId, text: 'x', weight: { value: -3, unit: 'lb', date: '2026-10-20' } })).toEqual({
      'weight.value': [PORTAL_MESSAGES.weightPositive],
    });
    expect(await fieldErrors({ puppyId: lunaId, text: 'x', weight: { value: 12, unit: 'oz', date: tomorrow } })).toEqual({
      'weight.date': [PORTAL_MESSAGES.dateInFuture],
    });
    // Luna's litter was born on 2026-10-01: a weighing the day before is a typing slip (issue 29).
    expect(await fieldErrors({ puppyId: lunaId, text: 'x', weight: { value: 12, unit: 'oz', date: '2026-09-30' } })).toEqual({
      'weight.date': [PORTAL_MESSAGES.weightBeforeBirth],
    });
    expect(await fieldErrors({ litterId, text: 'x', weight: { value: 12, unit: 'oz', date: '2026-10-20' } })).toEqual({
      'weight.value': [PORTAL_MESSAGES.weightOnlyForPuppy],
    });
    expect(await fieldErrors({ puppyId: lunaId, text: '  ' })).toEqual({ text: [PORTAL_MESSAGES.textRequired] });
    const publicPhoto = await upload([jpegPart(await solidImage(40, 30, 'jpeg'))]);
    expect(await fieldErrors({ puppyId: lunaId, text: 'x', photos: [publicPhoto] })).toEqual({ photos: [PORTAL_MESSAGES.photoInvalid] });
    // Nothing of the refused posts was stored.
    expect((await caller(parkers.user).portal.updates()).length).toBe(2);
  });

  it("plots the family's puppy by age in days with its litter-mates, and refuses another family's puppy", async () => {
    const growth = await caller(parkers.user).portal.growth({ puppyId: lunaId });
    expect(growth.puppy).toEqual({ puppyId: lunaId, name: 'Luna', points: [{ date: '2026-10-15', ounces: 24, ageDays: 14 }] });
    expect(growth.litterMates).toEqual([{ puppyId: maxId, name: 'Max', points: [{ date: '2026-10-15', ounces: 20, ageDays: 14 }] }]);
    expect(await code(caller(parkers.user).portal.growth({ puppyId: maxId }))).toBe('NOT_FOUND');
    expect(await code(caller(admin.user).portal.growth({ puppyId: maxId }))).toBe('NOT_FOUND');
  });

  it('keeps one checklist for all families and each family its own ticks', async () => {
    const items = await caller(admin.user).admin.portal.saveChecklist({
      items: [{ label: 'Crate' }, { label: 'Food she is used to' }, { label: 'Vet appointment' }],
    });
    const [crate, food] = items;
    await caller(parkers.user).portal.tick({ itemId: crate!.id, done: true });
    await caller(parkers.user).portal.tick({ itemId: crate!.id, done: true });
    const mine = await caller(parkers.user).portal.tick({ itemId: food!.id, done: true });
    expect(mine.map((i) => i.done)).toEqual([true, true, false]);
    expect((await caller(nguyens.user).portal.checklist()).map((i) => i.done)).toEqual([false, false, false]);
    expect((await caller(parkers.user).portal.tick({ itemId: food!.id, done: false })).map((i) => i.done)).toEqual([true, false, false]);
    expect(await code(caller(parkers.user).portal.tick({ itemId: 999_999, done: true }))).toBe('NOT_FOUND');
    // Renaming keeps ticks; dropping an item drops its ticks.
    await caller(admin.user).admin.portal.saveChecklist({ items: [{ id: crate!.id, label: 'A crate' }, { label: 'Puppy shampoo' }] });
    expect(await caller(parkers.user).portal.checklist()).toEqual([
      { id: crate!.id, label: 'A crate', done: true },
      expect.objectContaining({ label: 'Puppy shampoo', done: false }),
    ]);
  });

  it("shows the pickup time only to the puppy's family", async () => {
    await caller(admin.user).admin.portal.setPickup({ puppyId: lunaId, at: '2026-11-26T17:00:00.000Z' });
    expect((await caller(parkers.user).portal.puppies())[0]!.pickupAt).toBe('2026-11-26T17:00:00.000Z');
    expect((await caller(nguyens.user).portal.puppies())[0]!.pickupAt).toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.portal.setPickup',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: JSON.stringify({ puppyId: lunaId, at: 'next tuesday' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors).toEqual({ at: [PORTAL_MESSAGES.pickupInvalid] });
  });

  it('shares a document with one family: listed and downloadable by it and admins only', async () => {
    contract = await upload([
      { name: 'visibility', value: 'private' },
      { name: 'kind', value: 'document' },
      pdfPart(tinyPdf('contract'), 'contract.pdf'),
    ]);
    const shared = await caller(admin.user).admin.portal.shareDocument({
      familyId: parkers.user.id,
      title: 'Puppy contract',
      url: contract,
    });
    expect(shared).toEqual([expect.objectContaining({ title: 'Puppy contract', url: asPrivate(contract), kind: 'pdf' })]);
    expect((await caller(parkers.user).portal.documents()).map((d) => d.title)).toEqual(['Puppy contract']);
    expect(await caller(nguyens.user).portal.documents()).toEqual([]);

    const own = await get(asPrivate(contract), parkers.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect((await get(asPrivate(contract), admin.cookie)).statusCode).toBe(200);
    expect((await get(asPrivate(contract), nguyens.cookie)).statusCode).toBe(404);
    expect((await get(asPrivate(contract))).statusCode).toBe(404);
    expect((await get(contract, parkers.cookie)).statusCode).toBe(404);
  });

  it('sends at most one digest a day per family however many updates, with a link to the portal, and none when turned off', async () => {
    // The two posts above reached each family's inbox once (the first of the day), not once per update.
    const first = await smtp.waitFor(2);
    await t.app.mailer.poll();
    const toParkers = smtp.received.filter((m) => m.to.includes('parkers@example.com'));
    const toNguyens = smtp.received.filter((m) => m.to.includes('nguyens@example.com'));
    expect(first.length).toBe(2);
    expect(toParkers).toHaveLength(1);
    expect(toNguyens).toHaveLength(1);
    expect(toParkers[0]!.subject).toBe(DIGEST_SUBJECT);
    expect(toParkers[0]!.text).toContain(`${TEST_ORIGIN}/account`);
    expect(toParkers[0]!.text).toContain('Luna opened her eyes today!');
    // A litter named "… Litter" is not "the Spring Litter litter" (issue 29).
    expect(toNguyens[0]!.text).toContain('- the Spring Litter: The whole litter met the cat.');
    expect(toNguyens[0]!.text).not.toMatch(/litter litter/i);

    // The later updates of the day wait for tomorrow's single digest.
    await caller(admin.user).admin.portal.postUpdate({ puppyId: maxId, text: 'Max found the water bowl.' });
    await caller(admin.user).admin.portal.postUpdate({ puppyId: maxId, text: 'Max had his first bath.' });
    await t.app.mailer.poll();
    expect(smtp.received.filter((m) => m.to.includes('nguyens@example.com'))).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const em = t.orm.em.fork();
    expect(await runDigest(em, t.app.services.mail, TEST_ORIGIN, new Date())).toBe(0);
    // Tomorrow each family gets one digest holding everything since: the Nguyens' three updates in one e-mail.
    expect(await runDigest(em, t.app.services.mail, TEST_ORIGIN, tomorrow)).toBe(2);
    await t.app.mailer.poll();
    const next = smtp.received.filter((m) => m.to.includes('nguyens@example.com'));
    expect(next).toHaveLength(2);
    expect(next[1]!.text).toContain('Max weighs in.');
    expect(next[1]!.text).toContain('Max had his first bath.');
    expect(next[1]!.text).toContain('3 new updates');

    // Turned off: the update is recorded as not e-mailed, and no message is sent.
    expect(await caller(parkers.user).portal.setDigest({ enabled: false })).toEqual({ enabled: false });
    const quiet = await caller(admin.user).admin.portal.postUpdate({ puppyId: lunaId, text: 'Quiet news.' });
    expect(quiet.notices).toEqual([expect.objectContaining({ familyId: parkers.user.id, status: 'off' })]);
    const dayAfter = new Date(Date.now() + 2 * 86_400_000);
    expect(await runDigest(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, dayAfter)).toBe(0);
    await t.app.mailer.poll();
    expect(smtp.received.filter((m) => m.to.includes('parkers@example.com'))).toHaveLength(2);
  });

  it('changes the password only with the current one, signing out the other sessions', async () => {
    const other = await signIn(t.orm, { isAdmin: false, username: 'parkers' });
    const change = (currentPassword: string, sessionId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/auth.changePassword',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: `sid=${sessionId}` },
        payload: JSON.stringify({ currentPassword, newPassword: 'a-brand-new-passphrase' }),
      });
    const wrong = await change('not-my-password', parkers.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.data.fieldErrors).toEqual({ currentPassword: ['Your current password is not correct.'] });
    const ok = await change('correct-horse-battery', parkers.token);
    expect(ok.statusCode).toBe(200);
    expect((await get('/trpc/auth.me', parkers.cookie)).json().result.data.username).toBe('parkers');
    expect((await get('/trpc/auth.me', other.cookie)).json().result.data).toBeNull();
    const login = await caller(null).auth.login({ username: 'parkers', password: 'a-brand-new-passphrase' });
    expect(login.id).toBe(parkers.user.id);
  });

  it('deletes the account and its personal data on request: documents, ticks, the match; an audit row stays; other families untouched', async () => {
    const del = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/auth.deleteAccount',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: parkers.cookie },
        payload: JSON.stringify(body),
      });
    expect((await del({ currentPassword: 'wrong-password-here', confirm: 'DELETE' })).statusCode).toBe(400);
    expect((await del({ currentPassword: 'a-brand-new-passphrase', confirm: 'nope' })).statusCode).toBe(400);
    const res = await del({ currentPassword: 'a-brand-new-passphrase', confirm: 'DELETE' });
    expect(res.statusCode).toBe(200);

    const em = t.orm.em.fork();
    expect(await em.findOne(User, parkers.user.id)).toBeNull();
    expect((await em.findOneOrFail(Puppy, lunaId)).family).toBeNull();
    const rows = await em.execute<Array<{ n: number }>>(
      `select (select count(*) from family_documents where family_id = ?)::int + (select count(*) from checklist_ticks where family_id = ?)::int + (select count(*) from sessions where user_id = ?)::int as n`,
      [parkers.user.id, parkers.user.id, parkers.user.id],
    );
    expect(rows[0]!.n).toBe(0);
    const audit = await em.execute<Array<{ former_user_id: number }>>('select former_user_id from account_erasures');
    expect(audit).toEqual([{ former_user_id: parkers.user.id }]);
    // The shared document's upload is gone with it; the other family still reads its own updates.
    expect((await get(asPrivate(contract), admin.cookie)).statusCode).toBe(404);
    expect((await caller(nguyens.user).portal.updates()).length).toBeGreaterThan(0);
    expect((await get('/trpc/auth.me', parkers.cookie)).json().result.data).toBeNull();
  });
});
