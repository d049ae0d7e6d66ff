// Security baseline: headers on every response, the cross-site and JSON-only guard, errors without internals.
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { ENTRY_LOADER } from '../../lib/shared/entry-loader.ts';
import { THEME_SCRIPT } from '../../lib/shared/theme-preference.ts';
import { useTestApp, TEST_ORIGIN } from '../testing/test-app.ts';
import errors from './errors.ts';
import { FORBIDDEN_KEY_MESSAGE, NUL_MESSAGE } from '../../lib/server/errors.ts';
import { Inquiry } from '../../features/inquiries/server/inquiry.entity.ts';

describe('security headers and the state-changing request guard', () => {
  const t = useTestApp();

  it.each(['/api/puppies/featured', '/api/user', '/trpc/settings.get', '/api/nothing-here'])(
    'sends the data answer headers on %s: nothing may load, run or frame it',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it.each(['/', '/api/docs', '/no/such/page'])('sends the security headers on %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    // The page's two inline scripts (the theme, the loader of the app's code) run by their hashes.
    for (const script of [THEME_SCRIPT, ENTRY_LOADER])
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // http origin: no HSTS (the https case is covered with the cookie tests)
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  const login = { username: 'nobody_at_all', password: 'whatever-password' };

  it.each([
    ['POST', '/api/login', { origin: 'https://evil.example' }],
    ['POST', '/api/login', { origin: 'null' }],
    ['POST', '/api/login', { 'sec-fetch-site': 'cross-site' }],
    ['POST', '/api/login', { 'sec-fetch-site': 'same-site', origin: 'http://sub.localhost:3000' }],
    ['POST', '/trpc/auth.login', { origin: 'https://evil.example' }],
    ['POST', '/api/inquiries', { origin: 'http://localhost:3001' }],
    ['POST', '/api/logout', { 'sec-fetch-site': 'cross-site' }],
    ['POST', '//api/login', { origin: 'https://evil.example' }],
    ['DELETE', '/api/anything', { origin: 'https://evil.example' }],
    ['PUT', '/trpc/admin.settings.update', { origin: 'https://evil.example' }],
  ])('refuses %s %s from another site (%j) with 403 and a clear message', async (method, url, headers) => {
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(login),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
  });

  it('lets same-origin browsers and non-browser clients through', async () => {
    for (const headers of [{ origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, {}, { 'sec-fetch-site': 'none' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(login),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp'])(
    'accepts mutations as JSON only: %s is 415',
    async (type) => {
      for (const url of ['/api/login', '/trpc/auth.login']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, origin: TEST_ORIGIN },
          payload: 'username=a&password=b',
        });
        expect(res.statusCode).toBe(415);
        expect(res.json().message).toMatch(/JSON/);
      }
    },
  );

  it('accepts JSON whatever the case of the media type, and an empty JSON body as no payload', async () => {
    const upper = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'Application/JSON; charset=utf-8', origin: TEST_ORIGIN },
      payload: JSON.stringify(login),
    });
    expect(upper.statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    });
    expect(empty.statusCode).toBe(200);
  });

  it('answers malformed JSON with a 400, not a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

const inquiry = {
  name: 'Jo\u0000e',
  email: 'jo@example.com',
  phone: '',
  interest: 'available',
  message: 'We would love to hear more about the next litter.',
};
let ipSeq = 1;
const nextIp = () => `10.77.0.${ipSeq++}`;

describe('the input rule on every transport: no NUL (PostgreSQL text cannot hold it), no prototype keys', () => {
  const t = useTestApp();
  const post = (url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      remoteAddress: nextIp(),
      payload,
    });
  const stored = () => t.orm.em.fork().count(Inquiry);

  it.each(['/api/inquiries', '/trpc/inquiries.create'])(
    '%s refuses a NUL character in a JSON body with a 400, and stores nothing',
    async (url) => {
      const res = await post(url, JSON.stringify(inquiry));
      expect(res.statusCode).toBe(400);
      const message = url.startsWith('/trpc') ? res.json().error.message : res.json().message;
      expect(message).toBe(NUL_MESSAGE);
      expect(res.body).not.toMatch(/"stack"|node_modules|\.ts:\d+/);
      expect(await stored()).toBe(0);
    },
  );

  it.each(['/api/inquiries', '/trpc/inquiries.create'])('%s refuses __proto__ and constructor.prototype keys with a 400', async (url) => {
    const valid = JSON.stringify({ ...inquiry, name: 'Joe' });
    for (const payload of [
      valid.replace('{', '{"__proto__":{"isAdmin":true},'),
      valid.replace('{', '{"constructor":{"prototype":{"isAdmin":true}},'),
      `[${valid.replace('{', '{"nested":{"__proto__":{"x":1}},')}]`,
    ]) {
      const res = await post(url, payload);
      expect(res.statusCode, payload).toBe(400);
      const message = url.startsWith('/trpc') ? res.json().error.message : res.json().message;
      expect(message).toBe(FORBIDDEN_KEY_MESSAGE);
    }
    expect(await stored()).toBe(0);
  });

  it('refuses NUL in a tRPC query input and in the URL', async () => {
    const escaped = await t.app.inject({ method: 'GET', url: `/trpc/auth.me?input=${encodeURIComponent('"a\\u0000"')}` });
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().error.message).toBe(NUL_MESSAGE);
    const url = await t.app.inject({ method: 'GET', url: '/trpc/auth.me?input=%22a%00%22' });
    expect(url.statusCode).toBe(400);
  });

  it('refuses NUL from an in-process caller too (server rendering calls procedures directly)', async () => {
    const call = t.caller().auth.login({ username: 'a\u0000b', password: 'whatever-password' });
    await expect(call).rejects.toMatchObject({ code: 'BAD_REQUEST', message: NUL_MESSAGE });
  });

  it('lets the same request through without the NUL', async () => {
    const res = await post('/trpc/inquiries.create', JSON.stringify({ ...inquiry, name: 'Joe' }));
    expect(res.statusCode).toBe(200);
    expect(await stored()).toBe(1);
  });
});

describe('error answers outside development', () => {
  it('carry no stack, SQL or file path', async () => {
    const app = Fastify({ logger: false });
    await app.register(errors, { isDev: false });
    app.get('/boom', async () => {
      throw new Error('select * from "users" failed at /work/main/src/x.ts:12:3');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });
});
