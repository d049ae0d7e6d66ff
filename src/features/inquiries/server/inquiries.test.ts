import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { Inquiry } from './inquiry.entity.ts';
import type { InquiryInput } from '../inquiries.schema.ts';

const valid = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '(719) 555-0100',
  interest: 'available',
  message: 'We would love to hear more about Biscuit and when he could come home.',
} satisfies InquiryInput;

let nextIp = 1;
/** Each test gets its own client address, so the 5-a-minute limit only bites where a test wants it to. */
const freshIp = () => `10.0.0.${nextIp++}`;

describe('POST /api/inquiries and inquiries.create', () => {
  const t = useTestApp();

  const post = (payload: unknown, ip = freshIp(), url = '/api/inquiries') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const stored = () => t.orm.em.fork().find(Inquiry, {}, { orderBy: { id: 'asc' } });

  it('stores a valid inquiry before answering 201, with every field as sent (trimmed)', async () => {
    const res = await post({ ...valid, name: '  Jamie Rivera  ', message: `  ${valid.message}  ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      phone: '(719) 555-0100',
      interest: 'available',
      message: valid.message,
      status: 'new',
      readAt: null,
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('accepts every interest and an empty or missing phone (stored as null)', async () => {
    const before = (await stored()).length;
    for (const interest of ['available', 'upcoming', 'waitlist', 'information']) {
      const { phone: _phone, ...noPhone } = valid;
      const res = await post(interest === 'upcoming' ? { ...valid, interest, phone: '' } : { ...noPhone, interest });
      expect(res.statusCode).toBe(201);
    }
    const rows = (await stored()).slice(before);
    expect(rows.map((r) => r.interest)).toEqual(['available', 'upcoming', 'waitlist', 'information']);
    expect(rows.every((r) => r.phone === null)).toBe(true);
  });

  it('stores through tRPC too (one implementation)', async () => {
    const before = (await stored()).length;
    expect(await t.caller(null, freshIp()).inquiries.create({ ...valid, interest: 'waitlist' })).toEqual({ ok: true });
    const http = await post({ ...valid, interest: 'information' }, freshIp(), '/trpc/inquiries.create');
    expect(http.statusCode).toBe(200);
    expect(http.json().result.data).toEqual({ ok: true });
    expect((await stored()).slice(before).map((r) => r.interest)).toEqual(['waitlist', 'information']);
  });

  it('answers each SPEC §5 rule with its exact message in fieldErrors, and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await post({ name: 'J', email: 'not-an-email', phone: '', message: 'too short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please check the highlighted fields.',
      fieldErrors: {
        name: ['Name must be at least 2 characters.'],
        email: ['Please enter a valid email address.'],
        interest: ['Please select your area of interest.'],
        message: ['Message must be at least 10 characters.'],
      },
    });
    // Whitespace does not count towards the minimums.
    const padded = await post({ ...valid, name: ' J ', message: '   short    ' });
    expect(padded.json().fieldErrors).toEqual({
      name: ['Name must be at least 2 characters.'],
      message: ['Message must be at least 10 characters.'],
    });
    expect(await stored()).toHaveLength(before);
  });

  it('gives the same messages through /trpc', async () => {
    const res = await post({ ...valid, email: 'nope', interest: 'puppies' }, freshIp(), '/trpc/inquiries.create');
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toBe('Please check the highlighted fields.');
    expect(error.data.fieldErrors).toEqual({
      email: ['Please enter a valid email address.'],
      interest: ['Please select your area of interest.'],
    });
    expect(error.data.stack).toBeUndefined();
  });

  it('refuses unknown interests, oversized fields and wrong types with 400', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ ...valid, interest: 'stud-service' }, { interest: ['Please select your area of interest.'] }],
      [{ ...valid, name: 'x'.repeat(101) }, { name: ['Name must be at most 100 characters.'] }],
      [{ ...valid, message: 'x'.repeat(5001) }, { message: ['Message must be at most 5,000 characters.'] }],
      [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, { email: ['Please enter a valid email address.'] }],
      [{ ...valid, name: 42 }, { name: ['Name must be at least 2 characters.'] }],
      [{ ...valid, email: ['jamie@example.com'] }, { email: ['Please enter a valid email address.'] }],
      [{ ...valid, message: { text: 'hello there friends' } }, { message: ['Message must be at least 10 characters.'] }],
      [{ ...valid, interest: 3 }, { interest: ['Please select your area of interest.'] }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().fieldErrors).toMatchObject(fieldErrors);
    }
    // A wrong type on the optional phone is refused too (no message is specified for it).
    const phone = await post({ ...valid, phone: 7195550100 });
    expect(phone.statusCode).toBe(400);
    expect(Object.keys(phone.json().fieldErrors)).toEqual(['phone']);
    // Exactly at the limits is fine.
    const atLimit = await post({ ...valid, name: 'x'.repeat(100), message: 'y'.repeat(5000) });
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses bodies that are not an inquiry object, not JSON, or over 10 KB, never with a 500', async () => {
    for (const payload of ['[]', '"hello"', 'null', '{"name": "Jamie"']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/inquiries', remoteAddress: freshIp(), headers: { origin: TEST_ORIGIN } });
    expect(empty.statusCode).toBe(400);

    const big = await post({ ...valid, padding: 'x'.repeat(10 * 1024) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ message: 'The request is too large.' });

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      payload: 'name=Jamie',
    });
    expect(form.statusCode).toBe(415);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = (await stored()).length;
    const res = await post({ ...valid, website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.caller(null, freshIp()).inquiries.create({ ...valid, website: 'x' })).toEqual({ ok: true });
    expect(await stored()).toHaveLength(before);
    // An empty honeypot (what the real form sends) is a person.
    expect((await post({ ...valid, website: '' })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(before + 1);
  });

  it('allows 5 inquiries a minute per address, then answers 429 with a clear message and stores nothing', async () => {
    const ip = freshIp();
    const before = (await stored()).length;
    for (let i = 0; i < 5; i++) expect((await post(valid, ip)).statusCode).toBe(201);
    const limited = await post(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many (requests|attempts)\. Please try again in \d+ (second|minute)s?\.$/);
    // The tRPC path shares the same budget.
    const viaTrpc = await post(valid, ip, '/trpc/inquiries.create');
    expect(viaTrpc.statusCode).toBe(429);
    expect(viaTrpc.json().error.message).toMatch(/^Too many /);
    expect(await stored()).toHaveLength(before + 5);
    // Another visitor is unaffected.
    expect((await post(valid, freshIp())).statusCode).toBe(201);
  });

  it('never reports success when the inquiry cannot be stored', async () => {
    const conn = t.orm.em.fork().getConnection();
    await conn.execute('alter table inquiries rename to inquiries_unavailable');
    try {
      const res = await post(valid);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      await expect(t.caller(null, freshIp()).inquiries.create(valid)).rejects.toThrow();
    } finally {
      await conn.execute('alter table inquiries_unavailable rename to inquiries');
    }
    expect((await post(valid)).statusCode).toBe(201);
  });
});
