import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { Subscriber } from './subscriber.entity.ts';
import { UNSUBSCRIBE_NOT_FOUND } from '../subscribers.schema.ts';

let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

describe('POST /api/subscribers, subscribers.subscribe and subscribers.unsubscribe', () => {
  const t = useTestApp();

  const post = (payload: unknown, { ip = freshIp(), url = '/api/subscribers' } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const rows = (email?: string) => t.orm.em.fork().find(Subscriber, email ? { email } : {}, { orderBy: { id: 'asc' } });

  it('subscribes an address with an optional name', async () => {
    const res = await post({ email: 'pat@example.com', name: 'Pat' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await rows('pat@example.com');
    // Double opt-in: pending until the link in the confirmation e-mail is used.
    expect(row).toMatchObject({ email: 'pat@example.com', name: 'Pat', status: 'pending', confirmedAt: null });
    expect(row!.pendingSince).toBeInstanceOf(Date);
    expect(row!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await post({ email: 'noname@example.com' })).statusCode).toBe(200);
    expect((await rows('noname@example.com'))[0]!.name).toBeNull();
  });

  it('is idempotent: the same address in any case or spacing is one subscriber, a success every time', async () => {
    for (const email of ['Sam.Lee@Example.com', '  sam.lee@example.com ', 'SAM.LEE@EXAMPLE.COM']) {
      const res = await post({ email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await t.caller(null, freshIp()).subscribers.subscribe({ email: 'sam.LEE@example.com ' })).toEqual({ ok: true });
    const found = await rows('sam.lee@example.com');
    expect(found).toHaveLength(1);
    expect((await rows()).filter((r) => r.email.toLowerCase().includes('sam.lee'))).toHaveLength(1);
  });

  it('keeps one row when the same new address arrives twice at once', async () => {
    const results = await Promise.all([post({ email: 'race@example.com' }), post({ email: 'Race@example.com' })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await rows('race@example.com')).toHaveLength(1);
  });

  it('unsubscribes by token (links from before signed links too), and subscribing again needs a new confirmation', async () => {
    await post({ email: 'kim@example.com', name: 'Kim' });
    const [before] = await rows('kim@example.com');
    const token = before!.unsubscribeToken;

    const res = await post({ token }, { url: '/api/subscribers/unsubscribe' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await rows('kim@example.com'))[0]!.status).toBe('unsubscribed');
    // Clicking the link twice is harmless.
    expect(await t.caller(null, freshIp()).subscribers.unsubscribe({ token })).toEqual({ ok: true });

    expect((await post({ email: 'KIM@example.com', name: 'Kim Park' })).statusCode).toBe(200);
    const after = await rows('kim@example.com');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, status: 'pending', name: 'Kim', unsubscribeToken: token });
  });

  const mailsTo = (email: string) =>
    t.orm.em.fork().getConnection().execute<{ text: string }[]>('select text from outbox_messages where "to" = ? order by id', [email]);

  it('never renames a subscriber: a stranger cannot put words in the greeting of their e-mails', async () => {
    await post({ email: 'rosa@example.com', name: 'Rosa' });
    expect(await post({ email: 'Rosa@Example.com', name: 'Rosa, your puppy deposit is overdue: pay at evil.example' })).toMatchObject({
      statusCode: 200,
    });
    expect((await post({ email: 'rosa@example.com', name: 'Rosa, click evil.example' })).json()).toEqual({ ok: true });
    expect((await rows('rosa@example.com'))[0]).toMatchObject({ name: 'Rosa', status: 'pending' });

    // Without a name at first, a later request does not add one either.
    await post({ email: 'quiet@example.com' });
    await post({ email: 'quiet@example.com', name: 'Pay at evil.example' });
    expect((await rows('quiet@example.com'))[0]!.name).toBeNull();
    expect((await mailsTo('quiet@example.com')).map((m) => m.text.split('\n')[0])).toEqual(['Hello,']);
  });

  it('asks an unsubscribed address to confirm again, greeting it only with its own name', async () => {
    await post({ email: 'lou@example.com', name: 'Lou' });
    const [row] = await rows('lou@example.com');
    await post({ token: row!.unsubscribeToken }, { url: '/api/subscribers/unsubscribe' });

    const res = await post({ email: 'lou@example.com', name: 'Lou, your account is locked: evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await rows('lou@example.com'))[0]).toMatchObject({ name: 'Lou', status: 'pending' });
    const mails = await mailsTo('lou@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text.split('\n')[0]).toBe('Hi Lou,');
    expect(mails[1]!.text).toMatch(/\/newsletter\/confirm\?token=c1\./);
    // The new confirmation link is not the first one.
    const link = (m: { text: string }) => /\/newsletter\/confirm\?token=(\S+)/.exec(m.text)![1];
    expect(link(mails[1]!)).not.toBe(link(mails[0]!));
    expect(mails.map((m) => m.text).join('\n')).not.toContain('evil.example');
  });

  it('answers an unknown unsubscribe token with 404 and a clear message', async () => {
    const res = await post({ token: 'no-such-token' }, { url: '/api/subscribers/unsubscribe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_NOT_FOUND });
    await expect(t.caller(null, freshIp()).subscribers.unsubscribe({ token: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: UNSUBSCRIBE_NOT_FOUND,
    });
    const trpc = await post({ token: 'nope' }, { url: '/trpc/subscribers.unsubscribe' });
    expect(trpc.statusCode).toBe(404);
    expect(trpc.json().error.message).toBe(UNSUBSCRIBE_NOT_FOUND);
    const empty = await post({ token: '' }, { url: '/api/subscribers/unsubscribe' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ token: ['This unsubscribe link is not valid.'] });
  });

  it('refuses a missing or invalid e-mail, wrong types and oversized input with 400 and the field message', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { email: ['Please enter your email address.'] }],
      [{ email: '   ' }, { email: ['Please enter your email address.'] }],
      [{ email: 'not-an-email' }, { email: ['Please enter a valid email address.'] }],
      [{ email: 12 }, { email: ['Please enter your email address.'] }],
      [{ email: `${'a'.repeat(250)}@example.com` }, { email: ['Please enter a valid email address.'] }],
      [{ email: 'ok@example.com', name: 'n'.repeat(101) }, { name: ['Name must be at most 100 characters.'] }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({ message: 'Please check the highlighted fields.', fieldErrors });
    }
    const nameType = await post({ email: 'ok@example.com', name: { first: 'Pat' } });
    expect(nameType.statusCode).toBe(400);
    expect(Object.keys(nameType.json().fieldErrors)).toEqual(['name']);

    const big = await post({ email: 'big@example.com', padding: 'x'.repeat(10 * 1024) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ message: 'The request is too large.' });
    for (const payload of ['[]', 'null', '{"email":']) expect((await post(payload)).statusCode).toBe(400);

    const trpc = await post({ email: 'nope' }, { url: '/trpc/subscribers.subscribe' });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors).toEqual({ email: ['Please enter a valid email address.'] });
    expect(await rows('ok@example.com')).toHaveLength(0);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const res = await post({ email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rows('bot@example.com')).toHaveLength(0);
  });

  it('allows 5 subscriptions a minute per address, then answers 429 with a clear message', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post({ email: `limit${i}@example.com` }, { ip })).statusCode).toBe(200);
    const limited = await post({ email: 'limit5@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many (requests|attempts)\. Please try again in \d+ (second|minute)s?\.$/);
    expect(await rows('limit5@example.com')).toHaveLength(0);
    expect((await post({ email: 'limit5@example.com' })).statusCode).toBe(200);
  });
});
