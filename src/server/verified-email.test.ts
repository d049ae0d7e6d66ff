// Verified family e-mail addresses (decision 108; issue 29 major 2, issue 28 item 10b) through the real app and a real
// SMTP server: registration asks for an address and mails it only its verification link; the link (signed,
// expiring, idempotent) proves it; a change keeps the old verified address until the new one is proven; the
// resend is rate limited; an application's e-mails go to the verified address, never to the typed one; the
// questionnaire fills an empty account; per-account caps on applications; the breeder's Users list shows it all.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { startSmtpServer, type ReceivedMail } from './testing/smtp.ts';
import { User } from '../features/auth/server/user.entity.ts';
import { Litter } from '../features/dogs/server/litter.entity.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';
import { signVerifyToken, VERIFY_EMAIL_SUBJECT } from '../lib/server/email-verification.ts';
import { AUTH_MESSAGES, VERIFY_MESSAGES, VERIFY_RESEND_LIMIT } from '../features/auth/auth.schema.ts';
import { APPLICATION_MESSAGES } from '../features/applications/applications.schema.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

let ip = 10;
const freshIp = () => `10.9.0.${ip++}`;

describe('verified family e-mail addresses', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });

  const send = (
    method: 'GET' | 'POST',
    url: string,
    { cookie, payload, from }: { cookie?: string; payload?: unknown; from?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: from ?? '127.0.0.1',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload: payload ? JSON.stringify(payload) : undefined,
    });
  const trpcData = (res: { json: () => { result?: { data?: unknown } } }) => res.json().result?.data;
  const register = async (username: string, email: string) => {
    const res = await send('POST', '/api/register', { payload: { username, email, password: 'sunny-porch-swing' }, from: freshIp() });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { cookie, id: (res.json() as { id: number }).id };
  };
  /** Everything delivered so far (the sender is driven to empty first). */
  const delivered = async () => {
    await t.app.mailer.poll();
    return smtp.received;
  };
  const mailsTo = async (address: string) => (await delivered()).filter((m) => m.to.includes(address));
  const linkIn = (mail: ReceivedMail) => {
    const match = /(http:\/\/localhost:3000\/verify-email\?token=[^\s]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return new URL(match![1]!);
  };
  const verify = (token: string) => send('POST', '/trpc/auth.verifyEmail', { payload: { token } });
  const adminUsers = async (search: string) => {
    const admin = await signIn(t.orm, { isAdmin: true });
    return (await t.caller(admin.user).admin.users.list({ page: 1, search })).items;
  };
  const account = (id: number) => t.orm.em.fork().findOneOrFail(User, id);

  it('refuses a registration without an e-mail address, with the field message', async () => {
    const res = await send('POST', '/api/register', {
      payload: { username: 'no_mail_family', password: 'sunny-porch-swing' },
      from: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(AUTH_MESSAGES.emailRequired);
    expect(await t.orm.em.fork().count(User, { usernameKey: 'no_mail_family' })).toBe(0);
  });

  it('registers with an address that receives only its verification link until the link is opened; opening it twice is harmless', async () => {
    const { id } = await register('Hollis.Family', 'hollis@example.org');
    const [mail, ...others] = await mailsTo('hollis@example.org');
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(VERIFY_EMAIL_SUBJECT);
    expect(mail!.html).toContain('/verify-email?token=');
    // Nothing the visitor typed is in it (the address is not proven yet): no username, no name.
    expect(mail!.text).not.toContain('Hollis.Family');
    expect(await account(id)).toMatchObject({ email: null, pendingEmail: 'hollis@example.org', emailVerifiedAt: null });
    expect((await adminUsers('hollis'))[0]).toMatchObject({ username: 'Hollis.Family', email: null, pendingEmail: 'hollis@example.org' });

    const link = linkIn(mail!);
    expect(link.pathname).toBe('/verify-email');
    const first = await verify(link.searchParams.get('token')!);
    expect(first.statusCode).toBe(200);
    expect(trpcData(first)).toEqual({ email: 'hollis@example.org', alreadyVerified: false });
    expect(await account(id)).toMatchObject({ email: 'hollis@example.org', pendingEmail: null, emailVerifiedAt: expect.any(Date) });
    expect((await adminUsers('hollis'))[0]).toMatchObject({ email: 'hollis@example.org', pendingEmail: null });

    const again = await verify(link.searchParams.get('token')!);
    expect(again.statusCode).toBe(200);
    expect(trpcData(again)).toEqual({ email: 'hollis@example.org', alreadyVerified: true });
  });

  it('refuses a forged, an altered and an expired link with a clear 400', async () => {
    const { id } = await register('forgery_target', 'target@example.org');
    const em = t.orm.em.fork();
    const expired = await signVerifyToken(em, { userId: id, email: 'target@example.org', expiresAt: new Date(Date.now() - 1000) });
    const valid = await signVerifyToken(em, { userId: id, email: 'target@example.org', expiresAt: new Date(Date.now() + 60_000) });
    const otherAddress = Buffer.from('attacker@example.org').toString('base64url');
    const [uid, exp, , sig] = valid.split('.');
    for (const [token, message] of [
      ['not-a-token', VERIFY_MESSAGES.invalid],
      [`${uid}.${exp}.${otherAddress}.${sig}`, VERIFY_MESSAGES.invalid],
      [expired, VERIFY_MESSAGES.expired],
    ] as const) {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await account(id)).toMatchObject({ email: null, pendingEmail: 'target@example.org' });
  });

  it('keeps the verified address while a new one waits for its link; an old link for a replaced address is refused', async () => {
    const { cookie, id } = await register('changing_family', 'first@example.org');
    const firstLink = linkIn((await mailsTo('first@example.org'))[0]!);
    expect((await verify(firstLink.searchParams.get('token')!)).statusCode).toBe(200);

    const changed = await send('POST', '/trpc/auth.updateProfile', {
      cookie,
      payload: { displayName: 'The Changers', email: 'second@example.org' },
    });
    expect(changed.statusCode).toBe(200);
    expect(trpcData(changed)).toMatchObject({ email: 'first@example.org', pendingEmail: 'second@example.org' });
    expect(await account(id)).toMatchObject({ email: 'first@example.org', pendingEmail: 'second@example.org' });

    // A third address before the second is verified: the second's link no longer works.
    const secondLink = linkIn((await mailsTo('second@example.org'))[0]!);
    await send('POST', '/trpc/auth.updateProfile', { cookie, payload: { displayName: 'The Changers', email: 'third@example.org' } });
    const stale = await verify(secondLink.searchParams.get('token')!);
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain(VERIFY_MESSAGES.superseded);

    const thirdLink = linkIn((await mailsTo('third@example.org'))[0]!);
    expect((await verify(thirdLink.searchParams.get('token')!)).statusCode).toBe(200);
    expect(await account(id)).toMatchObject({ email: 'third@example.org', pendingEmail: null });
  });

  it('sends the link again on request, a few times an hour, then answers 429 with a message', async () => {
    const { cookie } = await register('resending_family', 'resend@example.org');
    for (let i = 0; i < VERIFY_RESEND_LIMIT; i++) {
      const res = await send('POST', '/trpc/auth.resendVerification', { cookie, payload: {} });
      expect(res.statusCode).toBe(200);
    }
    const refused = await send('POST', '/trpc/auth.resendVerification', { cookie, payload: {} });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(VERIFY_MESSAGES.tooMany);
    const mails = await mailsTo('resend@example.org');
    expect(mails).toHaveLength(1 + VERIFY_RESEND_LIMIT);
    expect(mails.every((m) => m.subject === VERIFY_EMAIL_SUBJECT)).toBe(true);
  });

  it("sends an application's e-mails to the family's verified address; the address typed into the questionnaire gets nothing", async () => {
    const family = await signIn(t.orm, { isAdmin: false, email: 'verified.rivera@example.org' });
    const breeder = await signIn(t.orm, { isAdmin: true });
    const res = await send('POST', '/api/applications', {
      cookie: family.cookie,
      from: freshIp(),
      payload: { ...ANSWERS, email: 'typed.victim@example.org', idempotencyKey: 'verified-mail-0001' },
    });
    expect(res.statusCode).toBe(201);
    const approve = await t.caller(breeder.user).admin.applications.changeStatus({ id: res.json().id, status: 'approved', message: '' });
    expect(approve.status).toBe('approved');

    const toFamily = await mailsTo('verified.rivera@example.org');
    expect(toFamily.map((m) => m.subject)).toEqual(['Your puppy application: Submitted', 'Your puppy application: Approved']);
    expect(await mailsTo('typed.victim@example.org')).toHaveLength(0);
  });

  it('fills an empty account from the questionnaire: the name, and the address as pending, which gets only its verification link', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const breeder = await signIn(t.orm, { isAdmin: true });
    const res = await send('POST', '/api/applications', {
      cookie: family.cookie,
      from: freshIp(),
      payload: { ...ANSWERS, name: 'The Okafors', email: 'okafor@example.org', idempotencyKey: 'fill-account-0001' },
    });
    expect(res.statusCode).toBe(201);
    await t.caller(breeder.user).admin.applications.changeStatus({ id: res.json().id, status: 'in_review', message: '' });
    expect(await account(family.user.id)).toMatchObject({ displayName: 'The Okafors', email: null, pendingEmail: 'okafor@example.org' });
    const mails = await mailsTo('okafor@example.org');
    expect(mails.map((m) => m.subject)).toEqual([VERIFY_EMAIL_SUBJECT]);
    expect((await adminUsers(family.user.username))[0]).toMatchObject({
      name: 'The Okafors',
      pendingEmail: 'okafor@example.org',
      email: null,
    });

    // A verified account keeps its own name and address: the questionnaire does not overwrite them.
    const named = await signIn(t.orm, { isAdmin: false, email: 'kept@example.org' });
    const em = t.orm.em.fork();
    (await em.findOneOrFail(User, named.user.id)).displayName = 'The Keepers';
    await em.flush();
    await send('POST', '/api/applications', {
      cookie: named.cookie,
      from: freshIp(),
      payload: { ...ANSWERS, name: 'Someone Else', email: 'else@example.org', idempotencyKey: 'fill-account-0002' },
    });
    expect(await account(named.user.id)).toMatchObject({ displayName: 'The Keepers', email: 'kept@example.org', pendingEmail: null });
    expect(await mailsTo('else@example.org')).toHaveLength(0);
  });

  it('sends no update digest to an address that is not verified; the notice says why', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const { id } = await register('digest_family', 'digest@example.org');
    const em = t.orm.em.fork();
    const litter = em.create(Litter, {
      name: 'Verify',
      motherName: 'Rosie',
      fatherName: 'Cooper',
      birthDate: '2026-10-01',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const puppy = em.create(Puppy, {
      name: 'Sunny',
      gender: 'female',
      color: 'apricot',
      litter,
      family: id,
      status: 'reserved',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    const update = await t.caller(admin.user).admin.portal.postUpdate({ puppyId: puppy.id, text: 'Sunny says hello.' });
    expect(update.notices).toEqual([expect.objectContaining({ familyId: id, status: 'no-email', emailState: 'unverified' })]);
    const mails = await mailsTo('digest@example.org');
    expect(mails.map((m) => m.subject)).toEqual([VERIFY_EMAIL_SUBJECT]);
    const families = await t.caller(admin.user).admin.portal.families();
    expect(families.find((f) => f.id === id)).toMatchObject({ email: null, pendingEmail: 'digest@example.org', emailState: 'unverified' });
  });

  it('caps applications per account: 3 open at once (409), 5 filed a day (429), each with its message', async () => {
    const family = await signIn(t.orm, { isAdmin: false, email: 'busy@example.org' });
    const submit = (n: number) =>
      send('POST', '/api/applications', {
        cookie: family.cookie,
        from: freshIp(),
        payload: { ...ANSWERS, idempotencyKey: `cap-key-${String(n).padStart(4, '0')}` },
      });
    const ids: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const res = await submit(n);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const fourth = await submit(4);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.body).toContain(APPLICATION_MESSAGES.tooManyOpen);
    // A repeated key is the same application, not a new one: still answered.
    expect((await submit(1)).statusCode).toBeLessThan(300);

    // Withdrawn ones are not open, but still count for the day.
    for (const id of ids) await t.caller(family.user).applications.withdraw({ id, message: '' });
    expect((await submit(5)).statusCode).toBe(201);
    expect((await submit(6)).statusCode).toBe(201);
    const sixth = await submit(7);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain(APPLICATION_MESSAGES.tooManyToday);
  });
});
