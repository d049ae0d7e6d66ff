// The limits issue 44 added, through HTTP on the real app: a family's messages (tRPC and REST), vet links and
// push devices each answer 429 with a clear message once the account's budget is spent (another account's
// budget is its own), and an account's devices are capped with a clear 409.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { MESSAGE_SEND_RATE_LIMIT } from '../features/messages/server/messages.router.ts';
import { SHARE_LINK_RATE_LIMIT } from '../features/health/server/health.router.ts';
import { PUSH_SUBSCRIBE_RATE_LIMIT } from '../features/notifications/server/notifications.router.ts';
import { MAX_DEVICES_PER_ACCOUNT, NOTIFICATION_MESSAGES } from '../features/notifications/notifications.schema.ts';

const TOO_MANY = /^Too many (requests|attempts)\. Please try again in \d+ (second|minute)s?\.$/;

describe('rate limits on what a family can send', () => {
  const push = 'https://fcm.googleapis.com/fcm/send';
  const t = useTestApp();

  async function post(url: string, cookie: string, payload: unknown, remoteAddress = '10.44.0.1') {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
      remoteAddress,
    });
    const body = res.json() as { error?: { message?: string }; message?: string };
    return { status: res.statusCode, message: body.error?.message ?? body.message, retryAfter: res.headers['retry-after'] };
  }
  const count = async (sql: string, params: unknown[]) => (await t.orm.em.fork().execute<Array<{ n: number }>>(sql, params))[0]!.n;

  it('messages: the account’s budget is shared by /trpc and /api/messages, from any address, then 429 with a clear message', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const { limit } = MESSAGE_SEND_RATE_LIMIT;
    for (let i = 0; i < limit; i++) {
      // Half over REST, from changing addresses: the budget is the account's, not the address's.
      const res =
        i % 2
          ? await post('/api/messages', family.cookie, { text: `Hello ${i}`, attachments: [] }, `10.44.1.${i}`)
          : await post('/trpc/messages.send', family.cookie, { text: `Hello ${i}`, attachments: [] }, `10.44.2.${i}`);
      expect([i, res.status]).toEqual([i, i % 2 ? 201 : 200]);
    }
    const trpc = await post('/trpc/messages.send', family.cookie, { text: 'One too many', attachments: [] }, '10.44.3.1');
    expect(trpc.status).toBe(429);
    expect(trpc.message).toMatch(TOO_MANY);
    const rest = await post('/api/messages', family.cookie, { text: 'One too many', attachments: [] }, '10.44.3.2');
    expect(rest.status).toBe(429);
    expect(rest.message).toMatch(TOO_MANY);
    expect(
      await count(
        `select count(*)::int as n from "messages" m join "conversations" c on c."id" = m."conversation_id" where c."family_id" = ?`,
        [family.user.id],
      ),
    ).toBe(limit);
    // Another family, from the same address, still writes.
    const other = await signIn(t.orm, { isAdmin: false });
    expect((await post('/trpc/messages.send', other.cookie, { text: 'Hello', attachments: [] }, '10.44.3.1')).status).toBe(200);
  });

  it('vet links: the account’s budget of new links, then 429 with a clear message', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const [puppy] = await t.orm.em
      .fork()
      .execute<Array<{ id: number }>>(
        `insert into "puppies" ("name", "gender", "color", "family_id", "status", "price", "created_at", "updated_at") values ('Maple', 'female', 'apricot', ?, 'reserved', 3200, now(), now()) returning "id"`,
        [family.user.id],
      );
    for (let i = 0; i < SHARE_LINK_RATE_LIMIT.limit; i++)
      expect((await post('/trpc/health.createShareLink', family.cookie, { puppyId: puppy!.id, days: 7 }, `10.44.4.${i}`)).status).toBe(200);
    const refused = await post('/trpc/health.createShareLink', family.cookie, { puppyId: puppy!.id, days: 7 });
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(TOO_MANY);
    expect(await count(`select count(*)::int as n from "health_share_links" where "puppy_id" = ?`, [puppy!.id])).toBe(
      SHARE_LINK_RATE_LIMIT.limit,
    );
  });

  const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

  it(`push devices: ${MAX_DEVICES_PER_ACCOUNT} per account, the next is refused with 409 and a clear message; a known device still renews`, async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const endpoints = Array.from({ length: MAX_DEVICES_PER_ACCOUNT + 1 }, () => `${push}/${randomUUID()}`);
    for (const endpoint of endpoints.slice(0, -1))
      expect((await post('/trpc/notifications.subscribe', family.cookie, { endpoint, keys, topics: ['message'] })).status).toBe(200);
    const over = await post('/trpc/notifications.subscribe', family.cookie, { endpoint: endpoints.at(-1), keys, topics: ['message'] });
    expect(over).toMatchObject({ status: 409, message: NOTIFICATION_MESSAGES.tooManyDevices });
    expect((await post('/trpc/notifications.subscribe', family.cookie, { endpoint: endpoints[0], keys, topics: ['update'] })).status).toBe(
      200,
    );
    expect((await post('/trpc/notifications.unsubscribe', family.cookie, { endpoint: endpoints[1] })).status).toBe(200);
    expect(
      (await post('/trpc/notifications.subscribe', family.cookie, { endpoint: endpoints.at(-1), keys, topics: ['message'] })).status,
    ).toBe(200);
    expect(await count(`select count(*)::int as n from "push_subscriptions" where "user_id" = ?`, [family.user.id])).toBe(
      MAX_DEVICES_PER_ACCOUNT,
    );
  });

  it('push devices: concurrent registrations keep to the cap', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const results = await Promise.all(
      Array.from({ length: MAX_DEVICES_PER_ACCOUNT + 5 }, () =>
        post('/trpc/notifications.subscribe', family.cookie, { endpoint: `${push}/${randomUUID()}`, keys, topics: ['message'] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(5).fill(409));
    expect(await count(`select count(*)::int as n from "push_subscriptions" where "user_id" = ?`, [family.user.id])).toBe(
      MAX_DEVICES_PER_ACCOUNT,
    );
  });

  it('push devices: the account’s budget of registrations, then 429 with a clear message', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const endpoint = `${push}/${randomUUID()}`;
    // One device renewing its subscription over and over (each call counts).
    for (let i = 0; i < PUSH_SUBSCRIBE_RATE_LIMIT.limit; i++)
      expect(
        (await post('/trpc/notifications.subscribe', family.cookie, { endpoint, keys, topics: ['message'] }, `10.44.5.${i}`)).status,
      ).toBe(200);
    const refused = await post('/trpc/notifications.subscribe', family.cookie, { endpoint, keys, topics: ['message'] });
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(TOO_MANY);
  });

  it('push devices: an endpoint registered to another account is refused with 409, not moved', async () => {
    const owner = await signIn(t.orm, { isAdmin: false });
    const intruder = await signIn(t.orm, { isAdmin: false });
    const endpoint = `${push}/${randomUUID()}`;
    expect((await post('/trpc/notifications.subscribe', owner.cookie, { endpoint, keys, topics: ['message'] })).status).toBe(200);
    const taken = await post('/trpc/notifications.subscribe', intruder.cookie, {
      endpoint,
      keys: { p256dh: 'C'.repeat(87), auth: 'D'.repeat(22) },
      topics: ['update'],
    });
    expect(taken).toMatchObject({ status: 409, message: NOTIFICATION_MESSAGES.otherAccount });
    const rows = await t.orm.em
      .fork()
      .execute<Array<{ user_id: number; p256dh: string; topics: string[] }>>(
        `select "user_id", "p256dh", "topics" from "push_subscriptions" where "endpoint" = ?`,
        [endpoint],
      );
    expect(rows).toEqual([{ user_id: owner.user.id, p256dh: keys.p256dh, topics: ['message'] }]);
  });
});
