import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { OutboxMessage } from '../../mail/server/outbox-message.entity.ts';
import { Subscriber } from './subscriber.entity.ts';
import { UNSUBSCRIBE_LINK_RATE_LIMIT } from './subscribers.router.ts';
import { subscribeConfirmed } from '../../../server/testing/subscribers.ts';
import { newLegacyToken } from './subscribers.service.ts';

let nextIp = 1;
const freshIp = () => `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

describe('subscribers.requestUnsubscribeLink: a fresh unsubscribe link from /unsubscribe', () => {
  const t = useTestApp();

  const ask = (payload: unknown, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/subscribers.requestUnsubscribeLink',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify(payload),
    });

  /** What was queued for an address, once the work after the answers so far is done. */
  const mailTo = async (email: string) => {
    await t.app.services.afterAnswer.idle();
    return t.orm.em.fork().find(OutboxMessage, { to: email });
  };
  const subscriber = (email: string) => t.orm.em.fork().findOneOrFail(Subscriber, { email });
  /** What a visitor can observe of an answer: status, body, and the headers that are not per-request. */
  const observable = (res: Awaited<ReturnType<typeof ask>>) => {
    const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
    return { status: res.statusCode, body: res.body, headers };
  };

  it('answers a subscribed and an unknown address identically, and queues the link only for the subscriber', async () => {
    await subscribeConfirmed(t, 'reader@example.com', 'Robin');
    const queuedBefore = (await mailTo('reader@example.com')).length;

    const subscribed = await ask({ email: 'Reader@Example.com ' });
    const unknown = await ask({ email: 'stranger@example.com' });
    expect(subscribed.statusCode).toBe(200);
    expect(observable(unknown)).toEqual(observable(subscribed));

    const sent = await mailTo('reader@example.com');
    expect(sent).toHaveLength(queuedBefore + 1);
    const link = sent.at(-1)!;
    expect(link.subject).toMatch(/unsubscribe link/i);
    const token = decodeURIComponent(/\/unsubscribe\?token=(\S+)/.exec(link.text)![1]!);
    expect(link.text).toContain(`${TEST_ORIGIN}/unsubscribe?token=`);
    // The link works: it unsubscribes this address.
    await t.caller(null, freshIp()).subscribers.unsubscribe({ token });
    expect((await subscriber('reader@example.com')).status).toBe('unsubscribed');
    expect(link.text).toContain('Hi Robin,');
    expect(await mailTo('stranger@example.com')).toHaveLength(0);
  });

  it('sends nothing to an address that already unsubscribed, and says the same', async () => {
    await t.caller(null, freshIp()).subscribers.subscribe({ email: 'gone@example.com' });
    const { unsubscribeToken } = await subscriber('gone@example.com');
    await t.caller(null, freshIp()).subscribers.unsubscribe({ token: unsubscribeToken });
    const before = (await mailTo('gone@example.com')).length;

    const res = await ask({ email: 'gone@example.com' });
    expect(observable(res)).toEqual(observable(await ask({ email: 'nobody@example.com' })));
    expect(await mailTo('gone@example.com')).toHaveLength(before);
  });

  it('sends one link per address in a while, however often it is asked, still answering the same', async () => {
    await subscribeConfirmed(t, 'often@example.com');
    const before = (await mailTo('often@example.com')).length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(observable(await ask({ email: 'often@example.com' })));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailTo('often@example.com')).toHaveLength(before + 1);
  });

  it('limits requests per client address, then answers 429 with a clear message', async () => {
    const ip = freshIp();
    for (let i = 0; i < UNSUBSCRIBE_LINK_RATE_LIMIT.limit; i++)
      expect((await ask({ email: `x${i}@example.com` }, ip)).statusCode).toBe(200);
    const limited = await ask({ email: 'x-last@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many (requests|attempts)\. Please try again in \d+ (second|minute)s?\.$/);
  });

  it('refuses a missing or malformed address with 400 and the field message; a filled honeypot queues nothing', async () => {
    const empty = await ask({ email: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.data.fieldErrors).toEqual({ email: ['Please enter your email address.'] });
    const bad = await ask({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors).toEqual({ email: ['Please enter a valid email address.'] });

    await t.caller(null, freshIp()).subscribers.subscribe({ email: 'trap@example.com' });
    const before = (await mailTo('trap@example.com')).length;
    expect((await ask({ email: 'trap@example.com', website: 'http://spam.example' })).statusCode).toBe(200);
    expect(await mailTo('trap@example.com')).toHaveLength(before);
  });

  it('takes as long for a subscribed address as for an unknown one (issue 28, item 9: medians of many calls)', async () => {
    const ROUNDS = 40;
    // A different address each time, as someone probing the list would ask: each known one is a first request.
    const em = t.orm.em.fork();
    const now = new Date();
    for (let i = 0; i < ROUNDS; i++) {
      em.create(Subscriber, {
        email: `timed${i}@example.com`,
        name: 'Robin',
        status: 'active',
        unsubscribeToken: newLegacyToken(),
        pendingSince: null,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    await em.flush();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await ask({ email });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      // What the answer started is done before the next call is timed: calls do not overlap.
      await t.app.services.afterAnswer.idle();
      return ms;
    };
    // Warm both paths once, then alternate so drift on a busy machine falls on both alike.
    await timed('warm-unknown@example.com');
    await timed('timed-warm@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2) {
        known.push(await timed(`timed${i}@example.com`));
        unknown.push(await timed(`nobody${i}@example.com`));
      } else {
        unknown.push(await timed(`nobody${i}@example.com`));
        known.push(await timed(`timed${i}@example.com`));
      }
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
    };
    const k = median(known);
    const u = median(unknown);
    // Behaviour, not a speed target: neither kind of address is told apart by a generous margin.
    expect(k, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(1.5 * u);
    expect(u, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(1.5 * k);
    // And the links did go out, one to each subscribed address.
    expect(await mailTo('timed1@example.com')).toHaveLength(1);
    expect(await mailTo('nobody1@example.com')).toHaveLength(0);
  });
});
