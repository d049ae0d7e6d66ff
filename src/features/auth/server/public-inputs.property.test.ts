// Property-based tests: random and hostile values (huge strings, wrong types, prototype keys, unicode)
// thrown at every public input, found by walking appRouter (every procedure outside admin.*) and the
// public /api routes. The answer is always a success or a 4xx with a JSON message, never a 500.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { appRouter } from '../../../server/router.ts';
import { restEndpoints } from '../../../server/rest-routes.ts';
import { User } from './user.entity.ts';

type ProcedureType = 'query' | 'mutation' | 'subscription';
const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: ProcedureType } }> }).procedures;
const publicProcedures = Object.entries(procedures)
  .filter(([path, p]) => !path.startsWith('admin.') && p._def.type !== 'subscription')
  .map(([path, p]) => ({ path, type: p._def.type }));
const publicRest = restEndpoints.filter((e) => !e.url.startsWith('/api/admin'));

/** Field names public inputs use, so generated objects reach past "expected an object" into each rule. */
const FIELDS = [
  'username',
  'password',
  'email',
  'name',
  'phone',
  'interest',
  'message',
  'website',
  'token',
  'id',
  'slug',
  'dogId',
  'page',
  'limit',
  'cursor',
  'litterId',
  'isAdmin',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u200b',
    '🐶'.repeat(300),
    'a'.repeat(70_000),
    'x'.repeat(129),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
    '../../etc/passwd',
    'available',
    'a@b.co',
    'Valid.User_1',
    'long-enough-password',
  ),
);
const hostileKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ...FIELDS));
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
}));
const shaped = fc.record(Object.fromEntries(FIELDS.map((f) => [f, hostileValue])), { requiredKeys: [] });
/** Mostly-valid payloads with one hostile field, so the deeper code (hashing, uniqueness, e-mail) runs too. */
const nearValid = fc.record(
  {
    username: fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{3,32}$/), hostileString),
    password: fc.oneof(fc.string({ minLength: 10, maxLength: 140, unit: 'grapheme' }), hostileString),
    email: fc.oneof(fc.emailAddress(), hostileString),
    name: fc.oneof(fc.string({ minLength: 2, maxLength: 120, unit: 'grapheme' }), hostileValue),
    interest: fc.oneof(fc.constantFrom('available', 'upcoming', 'waitlist', 'information'), hostileValue),
    message: fc.oneof(fc.string({ minLength: 10, maxLength: 6000 }), hostileValue),
    phone: fc.oneof(fc.string({ maxLength: 60 }), hostileValue),
    token: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.base64String({ maxLength: 60 }), hostileValue),
    isAdmin: fc.constant(true),
  },
  { requiredKeys: ['username', 'password', 'email'] },
);
const payload = fc.oneof(hostileValue, shaped, nearValid, nearValid);
/** JSON text, sometimes with a prototype key spelled out (JSON.stringify would drop an inherited one), or a NUL in a field. */
const body = fc.oneof(
  payload.map((v) => JSON.stringify(v) ?? 'null'),
  fc.tuple(nearValid, fc.constantFrom(...FIELDS)).map(([v, field]) => JSON.stringify({ ...v, [field]: 'Jo\u0000e' })),
  fc
    .tuple(payload, fc.constantFrom('__proto__', 'constructor'))
    .map(([v, key]) => `{"${key}":{"isAdmin":true,"prototype":{"isAdmin":true}},"value":${JSON.stringify(v) ?? 'null'}}`),
  fc.string({ maxLength: 30 }),
);

let ipSeq = 0;
/** A new address per request: the property is about input handling, not the rate limits (tested elsewhere). */
const nextIp = () => `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`;

/** Whether the input breaks the one input rule: a NUL anywhere, or an own __proto__ / constructor.prototype key. */
function breaksInputRule(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  return Object.entries(value).some(
    ([k, v]) =>
      k.includes('\0') ||
      (k === 'constructor' && v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, 'prototype')) ||
      breaksInputRule(v, depth + 1),
  );
}

/** The JSON value of a request body, or undefined when it is not JSON. */
function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function expectClientOrSuccess(status: number, text: string, what: string) {
  if (status >= 500) throw new Error(`${what} answered ${status}: ${text.slice(0, 300)}`);
  expect([200, 201, 400, 401, 404, 409, 413, 415, 429], `${what} → ${status}`).toContain(status);
  const parsed = JSON.parse(text) as unknown;
  expect(JSON.stringify(parsed)).not.toMatch(/"stack"|node_modules|\.ts:\d+|at [\w.]+ \(/);
}

/** At most 1,000 code points: slicing UTF-16 units could split a surrogate pair, which encodeURIComponent refuses. */
const clip = (s: string): string => Array.from(s).slice(0, 1000).join('');

describe('every public input survives hostile values', () => {
  const t = useTestApp();

  it('covers the public procedures it should (auth, and whatever else is public)', () => {
    const paths = publicProcedures.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['auth.login', 'auth.register', 'auth.logout', 'auth.me']));
    expect(paths.some((p) => p.startsWith('admin.'))).toBe(false);
  });

  for (const { path, type } of publicProcedures) {
    it(`tRPC ${type} ${path}: never a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (text) => {
          const res =
            type === 'query'
              ? await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(text)}`, remoteAddress: nextIp() })
              : await t.app.inject({
                  method: 'POST',
                  url: `/trpc/${path}`,
                  headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
                  remoteAddress: nextIp(),
                  payload: text,
                });
          expectClientOrSuccess(res.statusCode, res.body, `${path} ${text.slice(0, 80)}`);
          const input = parsed(text);
          if (input && breaksInputRule(input.value)) expect(res.statusCode, `${path} ${text.slice(0, 80)}`).toBe(400);
        }),
        { numRuns: 60 },
      );
    });

    it(`tRPC ${path} called in process with non-JSON values: a client error, never INTERNAL_SERVER_ERROR`, async () => {
      const weird = fc.oneof(
        payload,
        fc.constantFrom(
          undefined,
          Number.NaN,
          Infinity,
          -0,
          10n,
          Symbol('s'),
          () => 1,
          new Date(Number.NaN),
          new Map(),
          Object.create(null),
        ),
        shaped.map((v) => Object.assign(Object.create({ isAdmin: true }), v)),
        fc.tuple(nearValid, fc.constantFrom(...FIELDS)).map(([v, field]) => ({ ...v, [field]: 'Jo\u0000e' })),
      );
      await fc.assert(
        fc.asyncProperty(weird, async (input) => {
          const segments = path.split('.');
          let fn: unknown = t.caller(null, nextIp());
          for (const s of segments) fn = (fn as Record<string, unknown>)[s];
          const refused = breaksInputRule(input);
          try {
            await (fn as (i: unknown) => Promise<unknown>)(input);
          } catch (error) {
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code, `${path}: ${(error as Error).message}`).not.toBe('INTERNAL_SERVER_ERROR');
            if (refused) expect((error as TRPCError).code, path).toBe('BAD_REQUEST');
            return;
          }
          expect(refused, `${path} accepted an input with NUL or a prototype key`).toBe(false);
        }),
        { numRuns: 40 },
      );
    });
  }

  for (const endpoint of publicRest) {
    it(`REST ${endpoint.method} ${endpoint.url}: never a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(body, hostileString, async (text, param) => {
          const url = endpoint.url.replace(/:[^/]+/g, encodeURIComponent(clip(param)) || 'x');
          const res =
            endpoint.method === 'GET'
              ? await t.app.inject({ method: 'GET', url: `${url}?q=${encodeURIComponent(clip(text))}`, remoteAddress: nextIp() })
              : await t.app.inject({
                  method: endpoint.method,
                  url,
                  headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
                  remoteAddress: nextIp(),
                  payload: text,
                });
          expectClientOrSuccess(res.statusCode, res.body, `${endpoint.method} ${url} ${text.slice(0, 80)}`);
          const input = parsed(text);
          if (endpoint.method !== 'GET' && input && breaksInputRule(input.value))
            expect(res.statusCode, `${url} ${text.slice(0, 80)}`).toBe(400);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('no account became an admin along the way', async () => {
    expect(await t.orm.em.fork().count(User, { isAdmin: true })).toBe(0);
  });
});
