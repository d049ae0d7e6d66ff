import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp, testEnv, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn, TEST_PASSWORD } from '../../../server/testing/auth.ts';
import { buildApp } from '../../../server/app.ts';
import { ensureAdminFromEnv } from '../../../server/startup.ts';
import { AUTH_MESSAGES } from '../auth.schema.ts';
import { hashToken } from './session.service.ts';
import { Session, User } from './user.entity.ts';

const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };
const DAY = 86_400_000;

function sidOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'sid')?.value;
}

describe('accounts over REST and tRPC', () => {
  const t = useTestApp();
  let ipCounter = 1;
  /** A fresh client address per test, so the per-address limits of one test do not leak into another. */
  const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

  const post = (url: string, body: unknown, opts: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...json, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      remoteAddress: opts.ip ?? freshIp(),
      payload: JSON.stringify(body),
    });
  const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

  it('GET /api/user answers 401 to a visitor', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.notSignedIn });
  });

  it('registration keeps the e-mail as pending (decision 108) and an optional display name, and refuses a bad address with a field message', async () => {
    const res = await post('/api/register', {
      username: 'parker_family',
      password: 'sunny-porch-swing',
      email: ' parkers@example.com ',
      displayName: 'The Parkers',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'parker_family', displayName: 'The Parkers' });
    const row = await t.orm.em.fork().findOneOrFail(User, { usernameKey: 'parker_family' });
    expect(row).toMatchObject({ email: null, pendingEmail: 'parkers@example.com', displayName: 'The Parkers' });

    const bad = await post('/api/register', { username: 'bad_mail', password: 'sunny-porch-swing', email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(AUTH_MESSAGES.emailInvalid);
  });

  it('registers with 201, the user and an HttpOnly SameSite=Lax session cookie that signs the next request in', async () => {
    const res = await post('/api/register', { username: 'Maple.Family', email: 'maple@example.com', password: 'sunny-porch-swing' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({ id: expect.any(Number), username: 'Maple.Family', isAdmin: false, displayName: null });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 60 * 86_400 });
    expect(cookie.secure).toBeFalsy();
    // Only the hash is stored.
    const em = t.orm.em.fork();
    expect(await em.count(Session, { id: hashToken(cookie.value) })).toBe(1);
    expect(await em.count(Session, { id: cookie.value })).toBe(0);
    const after = await me(`sid=${cookie.value}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(user);
  });

  it('never makes an admin at registration, whatever the payload carries', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json,
      remoteAddress: freshIp(),
      payload:
        '{"username":"sneaky","email":"s@example.com","password":"sunny-porch-swing","isAdmin":true,"is_admin":true,"role":"admin","admin":1}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().isAdmin).toBe(false);
    const row = await t.orm.em.fork().findOneOrFail(User, { usernameKey: 'sneaky' });
    expect(row.isAdmin).toBe(false);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json,
      remoteAddress: freshIp(),
      payload: '{"username":"sneaky2","email":"s@example.com","password":"sunny-porch-swing","__proto__":{"isAdmin":true}}',
    });
    expect(proto.statusCode).toBe(400);
    const ctor = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json,
      remoteAddress: freshIp(),
      payload: '{"username":"sneaky4","email":"s@example.com","password":"sunny-porch-swing","constructor":{"prototype":{"isAdmin":true}}}',
    });
    expect(ctor.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await t.orm.em.fork().count(User, { isAdmin: true })).toBe(0);
    // The tRPC path drops it too.
    const viaTrpc = await t.caller(null, freshIp()).auth.register({
      username: 'sneaky3',
      email: 's3@example.com',
      password: 'sunny-porch-swing',
      isAdmin: true,
    } as never);
    expect(viaTrpc.isAdmin).toBe(false);
  });

  it('refuses a taken username ignoring case and keeps usernames as typed', async () => {
    await post('/api/register', { username: 'RiverBend', email: 'river@example.com', password: 'sunny-porch-swing' });
    const res = await post('/api/register', { username: 'riverbend', email: 'river2@example.com', password: 'another-long-one' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'That username is already taken.',
      fieldErrors: { username: ['That username is already taken.'] },
    });
    const row = await t.orm.em.fork().findOneOrFail(User, { usernameKey: 'riverbend' });
    expect(row.username).toBe('RiverBend');
  });

  it.each([
    [{ username: 'ab', password: 'sunny-porch-swing' }, 'username', AUTH_MESSAGES.usernameTooShort],
    [{ username: 'a'.repeat(33), password: 'sunny-porch-swing' }, 'username', AUTH_MESSAGES.usernameTooLong],
    [{ username: 'has space', password: 'sunny-porch-swing' }, 'username', AUTH_MESSAGES.usernameCharacters],
    [{ username: 'émile', password: 'sunny-porch-swing' }, 'username', AUTH_MESSAGES.usernameCharacters],
    [{ username: 'shorty', password: 'short' }, 'password', AUTH_MESSAGES.passwordTooShort],
    [{ username: 'longpw', password: 'x'.repeat(129) }, 'password', AUTH_MESSAGES.passwordTooLong],
    [{ username: 'Password123', password: 'password123' }, 'password', AUTH_MESSAGES.passwordTooCommon],
    [{ username: 'commonpw', password: 'Qwertyuiop' }, 'password', AUTH_MESSAGES.passwordTooCommon],
    [{ username: 'samesame12', password: 'SameSame12' }, 'password', AUTH_MESSAGES.passwordIsUsername],
    [{ username: 'nopass' }, 'password', AUTH_MESSAGES.passwordRequired],
    [{ username: 'nomail', password: 'sunny-porch-swing', email: undefined }, 'email', AUTH_MESSAGES.emailRequired],
  ])('refuses registration %j with a 400 naming the rule', async (body, field, message) => {
    const res = await post('/api/register', { email: 'rules@example.com', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toContain(message);
  });

  it('logs in with the same answer for an unknown user and a wrong password', async () => {
    await signIn(t.orm, { username: 'known_user', isAdmin: false });
    const wrong = await post('/api/login', { username: 'known_user', password: 'not-the-password' });
    const unknown = await post('/api/login', { username: 'nobody_here', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sidOf(wrong)).toBeUndefined();

    const ok = await post('/api/login', { username: 'KNOWN_USER', password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: expect.any(Number), username: 'known_user', isAdmin: false, displayName: null });
    expect((await me(`sid=${sidOf(ok)}`)).json().username).toBe('known_user');
  });

  it('reports isAdmin of an admin in the user payload', async () => {
    await signIn(t.orm, { username: 'the_breeder', isAdmin: true });
    const res = await post('/api/login', { username: 'the_breeder', password: TEST_PASSWORD });
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'the_breeder', isAdmin: true, displayName: null });
    expect((await me(`sid=${sidOf(res)}`)).json().isAdmin).toBe(true);
  });

  it('issues a new token at login and kills the one the browser came with (no fixation)', async () => {
    const before = await signIn(t.orm, { username: 'fixation', isAdmin: false });
    const res = await post('/api/login', { username: 'fixation', password: TEST_PASSWORD }, { cookie: before.cookie });
    expect(res.statusCode).toBe(200);
    const after = sidOf(res)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before.token);
    expect((await me(before.cookie)).statusCode).toBe(401);
    expect((await me(`sid=${after}`)).statusCode).toBe(200);
  });

  it('logs out: the row is deleted, the cookie cleared, and replaying the old cookie is 401', async () => {
    const { cookie, token } = await signIn(t.orm, { username: 'leaver', isAdmin: false });
    const res = await post('/api/logout', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect(await t.orm.em.fork().count(Session, { id: hashToken(token) })).toBe(0);
    expect((await me(cookie)).statusCode).toBe(401);
    // Signed out already: harmless.
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { origin: TEST_ORIGIN } });
    expect(again.statusCode).toBe(200);
  });

  it('expires a session after the idle limit and after the absolute limit, and deletes the row', async () => {
    const idle = await signIn(t.orm, { username: 'idler', isAdmin: false });
    const em = t.orm.em.fork();
    await em.nativeUpdate(Session, { id: hashToken(idle.token) }, { lastSeenAt: new Date(Date.now() - 14 * DAY - 60_000) });
    const res = await me(idle.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await em.count(Session, { id: hashToken(idle.token) })).toBe(0);

    const old = await signIn(t.orm, { username: 'oldtimer', isAdmin: false });
    await em.nativeUpdate(
      Session,
      { id: hashToken(old.token) },
      {
        createdAt: new Date(Date.now() - 60 * DAY - 60_000),
        lastSeenAt: new Date(Date.now() - 60_000),
        expiresAt: new Date(Date.now() + DAY),
      },
    );
    expect((await me(old.cookie)).statusCode).toBe(401);
    expect(await em.count(Session, { id: hashToken(old.token) })).toBe(0);
  });

  it('takes the lifetimes from SESSION_IDLE_DAYS and SESSION_ABSOLUTE_DAYS, and sets Secure and HSTS under https', async () => {
    const app = await buildApp({
      orm: t.orm,
      env: testEnv({ SESSION_IDLE_DAYS: '1', SESSION_ABSOLUTE_DAYS: '2', APP_ORIGIN: 'https://doodles.example' }),
      closeOrm: false,
      logger: false,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json', origin: 'https://doodles.example' },
        payload: { username: 'shortlived', email: 'short@example.com', password: 'sunny-porch-swing' },
      });
      expect(res.statusCode).toBe(201);
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', maxAge: 2 * 86_400 });
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      await t.orm.em.fork().nativeUpdate(Session, { id: hashToken(cookie.value) }, { lastSeenAt: new Date(Date.now() - DAY - 60_000) });
      const after = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `sid=${cookie.value}` } });
      expect(after.statusCode).toBe(401);
    } finally {
      await app.close();
    }
    expect((await me()).headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 429 with "try again in N minutes" after 10 failed logins for one username from one network, even for the right password', async () => {
    await signIn(t.orm, { username: 'targeted', isAdmin: false });
    // Rotating addresses within one /24 gains nothing.
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/login', { username: 'targeted', password: `guess-number-${i}` }, { ip: `10.2.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/login', { username: 'Targeted', password: TEST_PASSWORD }, { ip: '10.2.0.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/try again in 15 minutes/);
    expect(sidOf(blocked)).toBeUndefined();
  });

  it("does not let a stranger's wrong guesses lock the owner out, while the guessing stays throttled", async () => {
    await signIn(t.orm, { username: 'breeder', isAdmin: true });
    const attacker = '10.0.0.1';
    const owner = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/login', { username: 'breeder', password: `puppies-${i}-guess` }, { ip: attacker })).statusCode).toBe(401);
    }
    // The attacker keeps getting 429: from the same address, its network, even with the right password.
    for (const ip of [attacker, attacker, '10.0.0.77']) {
      const res = await post('/api/login', { username: 'breeder', password: 'puppies-11-guess' }, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    }
    expect((await post('/api/login', { username: 'breeder', password: TEST_PASSWORD }, { ip: attacker })).statusCode).toBe(429);

    // Spread over fresh networks, each one gets only 3 checked guesses while the account is under attack,
    // a wrong guess is answered 429 rather than "wrong password, try the next", and the 4th is not checked.
    for (const net of ['10.3.1', '10.3.2']) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(
          (await post('/api/login', { username: 'breeder', password: `spread-${net}-${i}` }, { ip: `${net}.${i + 1}` })).statusCode,
        );
      }
      expect(answers).toEqual([429, 429, 429]);
      expect((await post('/api/login', { username: 'breeder', password: TEST_PASSWORD }, { ip: `${net}.9` })).statusCode).toBe(429);
    }

    // The owner signs in from home all the same.
    const ownerLogin = await post('/api/login', { username: 'breeder', password: TEST_PASSWORD }, { ip: owner });
    expect(ownerLogin.statusCode).toBe(200);
    expect(ownerLogin.json()).toMatchObject({ username: 'breeder', isAdmin: true });
    expect(sidOf(ownerLogin)).toBeTruthy();
    // Her login does not lift the attacker's own limits.
    expect((await post('/api/login', { username: 'breeder', password: 'puppies-12-guess' }, { ip: '10.0.0.78' })).statusCode).toBe(429);
    expect((await post('/api/login', { username: 'breeder', password: TEST_PASSWORD }, { ip: '2001:db8:9:9::5' })).statusCode).toBe(200);
  });

  it('treats an IPv6 /64 as one network', async () => {
    await signIn(t.orm, { username: 'v6_target', isAdmin: false });
    for (let i = 1; i <= 10; i++) {
      expect(
        (await post('/api/login', { username: 'v6_target', password: `guess-${i}-wrong` }, { ip: `2001:db8:1:2::${i.toString(16)}` }))
          .statusCode,
      ).toBe(401);
    }
    expect((await post('/api/login', { username: 'v6_target', password: TEST_PASSWORD }, { ip: '2001:db8:1:2:ffff::1' })).statusCode).toBe(
      429,
    );
    expect((await post('/api/login', { username: 'v6_target', password: TEST_PASSWORD }, { ip: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it('answers 429 after 10 failed logins from one address, whatever the usernames', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/login', { username: `sprayed${i}`, password: 'spring-2026!' }, { ip })).statusCode).toBe(401);
    }
    const res = await post('/api/login', { username: 'someone-else', password: 'spring-2026!' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    // Another address is not affected.
    expect((await post('/api/login', { username: 'someone-else', password: 'spring-2026!' }, { ip: '10.4.4.4' })).statusCode).toBe(401);
  });

  it('still stops spraying from one address at 10 when the sprayer signs in to their own account in between', async () => {
    await signIn(t.orm, { username: 'mallory_own', isAdmin: false });
    const ip = '10.7.7.7';
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) {
      answers.push((await post('/api/login', { username: `family${i}`, password: 'spring-2026!' }, { ip })).statusCode);
      if (i < 9) expect((await post('/api/login', { username: 'mallory_own', password: TEST_PASSWORD }, { ip })).statusCode).toBe(200);
    }
    expect(answers.filter((code) => code === 401)).toHaveLength(10);
    expect(answers.slice(10)).toEqual([429, 429, 429, 429, 429]);
  });

  it("forgets only the owner's own typos on her network when she signs in, never another username's failures", async () => {
    await signIn(t.orm, { username: 'forgetful', isAdmin: false });
    await signIn(t.orm, { username: 'neighbour', isAdmin: false });
    let host = 1;
    const from = () => ({ ip: `10.5.5.${host++}` });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await post('/api/login', { username: 'forgetful', password: 'wrong-password' }, from())).statusCode).toBe(401);
      }
      expect((await post('/api/login', { username: 'forgetful', password: TEST_PASSWORD }, from())).statusCode).toBe(200);
    }
    // Failures for another username on that network are kept through forgetful's successful logins.
    for (let i = 0; i < 9; i++) {
      expect((await post('/api/login', { username: 'neighbour', password: 'wrong-password' }, from())).statusCode).toBe(401);
    }
    expect((await post('/api/login', { username: 'forgetful', password: TEST_PASSWORD }, from())).statusCode).toBe(200);
    expect((await post('/api/login', { username: 'neighbour', password: 'wrong-password' }, from())).statusCode).toBe(401);
    expect((await post('/api/login', { username: 'neighbour', password: TEST_PASSWORD }, from())).statusCode).toBe(429);
  });

  it('rate-limits registration per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await post('/api/register', { username: 'x', password: 'y' }, { ip })).statusCode).toBe(400);
    }
    const res = await post('/api/register', { username: 'latecomer', email: 'late@example.com', password: 'sunny-porch-swing' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('works the same through tRPC over HTTP, cookie included', async () => {
    await signIn(t.orm, { username: 'trpc_user', isAdmin: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: json,
      remoteAddress: freshIp(),
      payload: { username: 'trpc_user', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ username: 'trpc_user', isAdmin: false });
    const cookie = `sid=${sidOf(res)}`;
    const meRes = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } });
    expect(meRes.json().result.data).toMatchObject({ username: 'trpc_user' });
    const visitor = await t.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().result.data).toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: json,
      remoteAddress: freshIp(),
      payload: { username: 'trpc_user', password: 'nope-nope-nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('Invalid username or password');
    expect(JSON.stringify(bad.json())).not.toMatch(/stack|\.ts:|at /);
  });

  it("updates the signed-in user's own display name and e-mail; a bad address is a 400 field error, a visitor 401, another family untouched", async () => {
    const bakers = await signIn(t.orm, { username: 'bakers', isAdmin: false });
    const coles = await signIn(t.orm, { username: 'coles', isAdmin: false });
    const update = (body: unknown, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/auth.updateProfile',
        headers: { ...json, ...(cookie ? { cookie } : {}) },
        remoteAddress: freshIp(),
        payload: JSON.stringify(body),
      });
    const current = async (cookie: string) => {
      const [profile, meRes, rest] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/trpc/auth.profile', headers: { cookie } }),
        t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } }),
        me(cookie),
      ]);
      return { profile: profile.json().result.data, me: meRes.json().result.data, rest: rest.json() };
    };
    const before = await current(coles.cookie);

    const res = await update({ displayName: '  The Bakers ', email: ' Bakers@Example.com ' }, bakers.cookie);
    expect(res.statusCode).toBe(200);
    // The new address waits for its verification link (decision 108).
    expect(res.json().result.data).toEqual({
      username: 'bakers',
      displayName: 'The Bakers',
      email: null,
      pendingEmail: 'Bakers@Example.com',
    });
    const row = await t.orm.em.fork().findOneOrFail(User, bakers.user.id);
    expect(row).toMatchObject({ displayName: 'The Bakers', email: null, pendingEmail: 'Bakers@Example.com' });
    const after = await current(bakers.cookie);
    expect(after.profile).toEqual({ username: 'bakers', displayName: 'The Bakers', email: null, pendingEmail: 'Bakers@Example.com' });
    expect(after.me).toMatchObject({ id: bakers.user.id, username: 'bakers', displayName: 'The Bakers' });
    expect(after.rest).toMatchObject({ id: bakers.user.id, username: 'bakers', displayName: 'The Bakers' });

    const bad = await update({ displayName: 'The Bakers', email: 'not-an-address' }, bakers.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors).toEqual({ email: [AUTH_MESSAGES.emailInvalid] });
    expect(await t.orm.em.fork().findOneOrFail(User, bakers.user.id)).toMatchObject({ pendingEmail: 'Bakers@Example.com' });

    const visitor = await update({ displayName: 'Intruder', email: 'intruder@example.com' });
    expect(visitor.statusCode).toBe(401);

    // The procedure only ever changes the caller's own row: naming another account in the body changes nothing there.
    const sneaky = await update(
      { id: coles.user.id, userId: coles.user.id, username: 'coles', displayName: 'Hijacked', email: 'hijack@example.com' },
      bakers.cookie,
    );
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().result.data).toEqual({
      username: 'bakers',
      displayName: 'Hijacked',
      email: null,
      pendingEmail: 'hijack@example.com',
    });
    expect(await current(coles.cookie)).toEqual(before);
    expect(await t.orm.em.fork().findOneOrFail(User, coles.user.id)).toMatchObject({
      username: 'coles',
      displayName: null,
      email: null,
      pendingEmail: null,
    });

    // Blank values remove the name and the address.
    const cleared = await update({ displayName: '', email: '' }, bakers.cookie);
    expect(cleared.json().result.data).toEqual({ username: 'bakers', displayName: null, email: null, pendingEmail: null });
  });
});

describe('ADMIN_USERNAME and ADMIN_PASSWORD on start', () => {
  const t = useTestApp();

  it('creates the admin, then updates it (password change signs old sessions out), and refuses half a setting', async () => {
    const lines: string[] = [];
    await ensureAdminFromEnv(t.orm, testEnv({ ADMIN_USERNAME: 'breeder', ADMIN_PASSWORD: 'golden-meadow-2026' }), (l) => lines.push(l));
    expect(lines).toEqual(['Created admin breeder from ADMIN_USERNAME.']);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', headers: json, payload: { username: 'breeder', password } });
    const first = await login('golden-meadow-2026');
    expect(first.json()).toMatchObject({ username: 'breeder', isAdmin: true });
    const cookie = `sid=${sidOf(first)}`;

    // Same settings again: nothing changes, the session survives.
    await ensureAdminFromEnv(t.orm, testEnv({ ADMIN_USERNAME: 'breeder', ADMIN_PASSWORD: 'golden-meadow-2026' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);

    // Demoted by someone, then restarted with a new password: admin again, new password, old sessions gone.
    await t.orm.em.fork().nativeUpdate(User, { usernameKey: 'breeder' }, { isAdmin: false });
    await ensureAdminFromEnv(t.orm, testEnv({ ADMIN_USERNAME: 'Breeder', ADMIN_PASSWORD: 'silver-creek-2027' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await login('golden-meadow-2026')).statusCode).toBe(401);
    expect((await login('silver-creek-2027')).json()).toMatchObject({ isAdmin: true });

    await expect(ensureAdminFromEnv(t.orm, testEnv({ ADMIN_USERNAME: 'breeder' }))).rejects.toThrow(
      'ADMIN_USERNAME and ADMIN_PASSWORD must be set together.',
    );
    await expect(ensureAdminFromEnv(t.orm, testEnv({ ADMIN_USERNAME: 'breeder', ADMIN_PASSWORD: 'short' }))).rejects.toThrow(
      'Invalid ADMIN_PASSWORD: Password must be at least 10 characters.',
    );
    await ensureAdminFromEnv(t.orm, testEnv());
  });
});
