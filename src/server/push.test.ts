// Web Push at the protocol level: a local push service receives what the server sends, and the test decrypts it with
// the device's own keys (RFC 8291 through http_ece, web-push's library) and checks the VAPID signature (RFC 8292).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createECDH, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { decrypt } from 'http_ece';
import { useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { startPushService } from './testing/push-service.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';
import { DEMO_TEMPLATE_BODY } from '../features/contracts/server/contracts.seed.ts';
import { bookingFamily, denverAt, OPEN_EVERY_DAY } from './testing/visits.ts';
import { TEST_ORIGIN } from './testing/test-app.ts';
import { createPushSender } from '../features/notifications/server/push.service.ts';
import type { SessionUser } from '../lib/server/trpc.ts';

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function device(origin: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    endpoint: `${origin}/push/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
  };
}

const open = (body: Buffer, d: { ecdh: ECDH; auth: string }) =>
  JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString('utf8')) as unknown;

describe('Web Push', () => {
  const env: Record<string, string> = {};
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    env.PUSH_EXTRA_ORIGINS = push.origin;
  });
  afterAll(async () => push?.close());
  const t = useTestApp(env);
  let breeder: SessionUser;
  let family: SessionUser;
  beforeAll(async () => {
    breeder = (await signIn(t.orm, { isAdmin: true })).user;
    family = (await signIn(t.orm, { isAdmin: false, email: 'rivera@example.com' })).user;
  });
  const rows = (endpoint: string) =>
    t.orm.em.fork().execute<Array<{ id: number }>>(`select "id" from "push_subscriptions" where "endpoint" = ?`, [endpoint]);

  it('makes the VAPID key pair on the first start and keeps it in the database', async () => {
    const stored = await t.orm.em
      .fork()
      .execute<Array<{ name: string; value: string }>>(
        `select "name", "value" from "app_secrets" where "name" like 'vapid%' order by "name"`,
      );
    expect(stored.map((r) => r.name)).toEqual(['vapid_private_key', 'vapid_public_key']);
    const { publicKey } = await t.caller(breeder).notifications.vapidKey();
    expect(publicKey).toBe(stored[1]!.value);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('a new application reaches the breeder’s device that chose it, encrypted, with a title, a link and a TTL', async () => {
    const phone = device(push.origin);
    const laptop = device(push.origin);
    await t.caller(breeder).notifications.subscribe({ endpoint: phone.endpoint, keys: phone.keys, topics: ['application', 'message'] });
    await t.caller(breeder).notifications.subscribe({ endpoint: laptop.endpoint, keys: laptop.keys, topics: ['booking'] });
    const before = push.received.length;

    const { id } = await t
      .caller(family, '10.8.0.1')
      .applications.submit({ ...ANSWERS, name: 'Jamie Rivera', idempotencyKey: randomUUID() });
    await t.app.services.afterAnswer.idle();

    const sent = push.received.slice(before);
    expect(sent.map((r) => r.path)).toEqual([new URL(phone.endpoint).pathname]);
    const [request] = sent;
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe('86400');
    // Nothing readable on the wire; the device's keys open it.
    expect(request!.body.includes(Buffer.from('Jamie'))).toBe(false);
    expect(open(request!.body, phone)).toEqual({ title: 'New application from Jamie Rivera', url: `/admin/applications?edit=${id}` });

    // The VAPID token is signed by the site's key, for this push service's origin.
    const { publicKey } = await t.caller(breeder).notifications.vapidKey();
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(request!.headers.authorization))!;
    expect(k).toBe(publicKey);
    const [head, claims, signature] = token!.split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ aud: push.origin });
    const point = Buffer.from(publicKey, 'base64url');
    const key = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    expect(
      verify(
        'sha256',
        Buffer.from(`${head}.${claims}`),
        { key, format: 'jwk', dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
  });

  it('removes a subscription the push service answers 410, 404 or 400; keeps it on 429 and 5xx, retrying with a pause', async () => {
    const sender = createPushSender({
      afterAnswer: t.app.services.afterAnswer,
      log: { warn: () => {} },
      subject: 'mailto:test@example.com',
      attempts: 3,
      retryBaseMs: 5,
    });
    const deliver = () =>
      sender.deliver(t.orm.em.fork(), 'update', { title: 'Teddy’s new photos', url: '/account' }, { userIds: [family.id] });
    const d = device(push.origin);
    await t.caller(family).notifications.subscribe({ endpoint: d.endpoint, keys: d.keys, topics: ['update'] });

    for (const gone of [410, 404, 400]) {
      await t.caller(family).notifications.subscribe({ endpoint: d.endpoint, keys: d.keys, topics: ['update'] });
      push.answer([gone]);
      expect(await deliver()).toEqual({ sent: 0, removed: 1, failed: 0 });
      expect(await rows(d.endpoint)).toHaveLength(0);
    }

    await t.caller(family).notifications.subscribe({ endpoint: d.endpoint, keys: d.keys, topics: ['update'] });
    let before = push.received.length;
    push.answer([429, 0], [503]);
    expect(await deliver()).toEqual({ sent: 1, removed: 0, failed: 0 });
    // Three requests, each encrypted afresh, the last one delivered.
    const tries = push.received.slice(before);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.body.toString('hex'))).size).toBe(3);
    expect(open(tries[2]!.body, d)).toEqual({ title: 'Teddy’s new photos', url: '/account' });
    expect(await rows(d.endpoint)).toHaveLength(1);

    before = push.received.length;
    push.answer([500], [502], [408]);
    expect(await deliver()).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(push.received.length - before).toBe(3);
    expect(await rows(d.endpoint)).toHaveLength(1);
  });

  it('refuses a push address elsewhere, a breeder topic on a family device, and another account’s device', async () => {
    const d = device(push.origin);
    const elsewhere = { endpoint: 'http://10.0.0.5/internal', keys: d.keys, topics: ['update' as const] };
    await expect(t.caller(family).notifications.subscribe(elsewhere)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This browser’s push address is not one we can send to.',
    });
    await expect(
      t.caller(family).notifications.subscribe({ endpoint: d.endpoint, keys: d.keys, topics: ['application'] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only the breeder’s devices can choose that notification.',
    });
    await t.caller(family).notifications.subscribe({ endpoint: d.endpoint, keys: d.keys, topics: ['message'] });
    expect(await t.caller(family).notifications.device({ endpoint: d.endpoint })).toEqual({
      devices: 2,
      subscribed: true,
      topics: ['message'],
    });
    expect(await t.caller(family).notifications.setTopics({ endpoint: d.endpoint, topics: ['message', 'update'] })).toEqual({
      topics: ['message', 'update'],
    });
    const other = (await signIn(t.orm, { isAdmin: false })).user;
    await expect(t.caller(other).notifications.setTopics({ endpoint: d.endpoint, topics: [] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await t.caller(other).notifications.unsubscribe({ endpoint: d.endpoint })).toEqual({ removed: false });
    expect(await t.caller(family).notifications.unsubscribe({ endpoint: d.endpoint })).toEqual({ removed: true });
    // Through HTTP, bad input is a 400 with its message, not a 500.
    const { cookie } = await signIn(t.orm, { isAdmin: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/notifications.subscribe',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { endpoint: 'not a url', keys: {}, topics: [] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a message reaches the other side’s devices that chose messages: the breeder’s when a family writes, the family’s when she answers', async () => {
    const breederPhone = device(push.origin);
    const familyPhone = device(push.origin);
    await t.caller(breeder).notifications.subscribe({ endpoint: breederPhone.endpoint, keys: breederPhone.keys, topics: ['message'] });
    await t.caller(family).notifications.subscribe({ endpoint: familyPhone.endpoint, keys: familyPhone.keys, topics: ['message'] });
    let before = push.received.length;
    const sent = await t.caller(family).messages.send({ text: 'Can we visit on Saturday?', attachments: [] });
    await t.app.services.afterAnswer.idle();
    let got = push.received.slice(before);
    // Every breeder device that chose messages (an earlier test's phone too), none of the family's.
    const toBreederPhone = got.find((r) => r.path === new URL(breederPhone.endpoint).pathname);
    expect(got.some((r) => r.path === new URL(familyPhone.endpoint).pathname)).toBe(false);
    const opened = open(toBreederPhone!.body, breederPhone) as { title: string; url: string };
    expect(opened.url).toMatch(/^\/admin\/messages\?edit=\d+$/);
    // Nothing of the family's words leaves through the push service.
    expect(opened.title).not.toContain('Saturday');

    before = push.received.length;
    const conversationId = Number(opened.url.split('=')[1]);
    await t.caller(breeder).admin.messages.send({ conversationId, text: 'Saturday at ten works.', attachments: [] });
    await t.app.services.afterAnswer.idle();
    got = push.received.slice(before);
    expect(got.map((r) => r.path)).toEqual([new URL(familyPhone.endpoint).pathname]);
    expect(open(got[0]!.body, familyPhone)).toEqual({ title: 'A new message from your breeder', url: '/account#messages' });
    expect(sent.text).toBe('Can we visit on Saturday?');
  });

  it('a signed contract reaches the breeder’s devices that chose contracts, as a title and the contract’s link only', async () => {
    const phone = device(push.origin);
    const tablet = device(push.origin);
    await t.caller(breeder).notifications.subscribe({ endpoint: phone.endpoint, keys: phone.keys, topics: ['contract'] });
    await t.caller(breeder).notifications.subscribe({ endpoint: tablet.endpoint, keys: tablet.keys, topics: ['application', 'booking'] });
    const buyer = await signIn(t.orm, { isAdmin: false, username: 'push_parkers', email: 'parkers@example.com' });
    await t.orm.em.fork().execute(`update "users" set "display_name" = 'Jamie Parker' where "id" = ?`, [buyer.user.id]);
    await t.orm.em
      .fork()
      .execute(
        `insert into "puppies" ("name", "gender", "color", "family_id", "status", "price", "created_at", "updated_at") values ('Luna', 'female', 'apricot', ?, 'reserved', 3200, now(), now())`,
        [buyer.user.id],
      );
    const { id: templateId } = await t
      .caller(breeder)
      .admin.contracts.saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY });
    const draft = await t.caller(breeder).admin.contracts.prepare({ templateId, familyId: buyer.user.id });
    await t.caller(breeder).admin.contracts.send({ id: draft.id });
    await t.app.services.afterAnswer.idle();

    const before = push.received.length;
    await t.caller(buyer.user).contracts.sign({ id: draft.id, fullName: 'Jamie Parker', consent: true });
    await t.app.services.afterAnswer.idle();
    const sent = push.received.slice(before);
    // The phone that chose contracts; not the tablet that did not.
    expect(sent.map((r) => r.path)).toEqual([new URL(phone.endpoint).pathname]);
    expect(sent[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(sent[0]!.headers.ttl).toBe('86400');
    expect(sent[0]!.body.includes(Buffer.from('Parker'))).toBe(false);
    const opened = open(sent[0]!.body, phone);
    expect(opened).toEqual({ title: 'A family signed its contract', url: `/admin/contracts?contract=${draft.id}` });
    // No more than a title and a link, and no family's name in it.
    expect(JSON.stringify(opened)).not.toContain('Parker');
  });

  it('a new booking reaches the breeder’s devices that chose bookings, through the REST booking', async () => {
    const phone = device(push.origin);
    const laptop = device(push.origin);
    await t.caller(breeder).notifications.subscribe({ endpoint: phone.endpoint, keys: phone.keys, topics: ['booking'] });
    await t.caller(breeder).notifications.subscribe({ endpoint: laptop.endpoint, keys: laptop.keys, topics: ['message'] });
    await t.caller(breeder).admin.visits.saveSettings(OPEN_EVERY_DAY);
    const visitor = await bookingFamily(t.orm, (user) => t.caller(user), 'push_visitor', 'approved');
    await t.app.services.afterAnswer.idle();

    const before = push.received.length;
    const [slot] = await t
      .caller(visitor.user)
      .visits.availability({ kind: 'visit', from: denverAt(3, '00:00'), to: denverAt(4, '00:00') });
    const startsAt = slot!.startsAt;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: visitor.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'visit', startsAt }),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.afterAnswer.idle();
    const sent = push.received.slice(before);
    // Every breeder device that chose bookings (earlier tests' too), each once; not the laptop that chose messages.
    const choseBookings = await t.orm.em
      .fork()
      .execute<Array<{ endpoint: string }>>(`select "endpoint" from "push_subscriptions" where "topics" @> '["booking"]'::jsonb`);
    expect(sent.map((r) => r.path).sort()).toEqual(choseBookings.map((r) => new URL(r.endpoint).pathname).sort());
    expect(sent.some((r) => r.path === new URL(laptop.endpoint).pathname)).toBe(false);
    const toPhone = sent.find((r) => r.path === new URL(phone.endpoint).pathname)!;
    expect(toPhone.headers['content-encoding']).toBe('aes128gcm');
    expect(toPhone.headers.ttl).toBe('86400');
    expect(open(toPhone.body, phone)).toEqual({ title: 'New booking: visit', url: '/admin/visits' });
  });

  it('a family’s switch on My Family: its own device, messages and updates only; another family or the breeder cannot change or remove it', async () => {
    const rivera = device(push.origin);
    const { topics } = await t
      .caller(family)
      .notifications.subscribe({ endpoint: rivera.endpoint, keys: rivera.keys, topics: ['message', 'update'] });
    expect(topics).toEqual(['message', 'update']);
    await expect(
      t.caller(family).notifications.setTopics({ endpoint: rivera.endpoint, topics: ['update', 'contract'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const other = (await signIn(t.orm, { isAdmin: false, email: 'other-family@example.com' })).user;
    for (const someoneElse of [other, breeder]) {
      await expect(t.caller(someoneElse).notifications.setTopics({ endpoint: rivera.endpoint, topics: [] })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await t.caller(someoneElse).notifications.unsubscribe({ endpoint: rivera.endpoint })).toEqual({ removed: false });
      expect(await t.caller(someoneElse).notifications.device({ endpoint: rivera.endpoint })).toMatchObject({ subscribed: false });
    }
    expect(await t.caller(family).notifications.device({ endpoint: rivera.endpoint })).toMatchObject({
      subscribed: true,
      topics: ['message', 'update'],
    });
    // Through HTTP without a session: 401, nothing changed.
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/notifications.setTopics',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { endpoint: rivera.endpoint, topics: [] },
    });
    expect(res.statusCode).toBe(401);
    // A new update about their puppy reaches the device, and only that family's.
    const before = push.received.length;
    await createPushSender({
      afterAnswer: t.app.services.afterAnswer,
      log: { warn: () => {} },
      subject: 'mailto:test@example.com',
    }).deliver(t.orm.em.fork(), 'update', { title: 'New update about Teddy', url: '/account' }, { userIds: [family.id] });
    const got = push.received.slice(before).filter((r) => r.path === new URL(rivera.endpoint).pathname);
    expect(got).toHaveLength(1);
    expect(open(got[0]!.body, rivera)).toEqual({ title: 'New update about Teddy', url: '/account' });

    // Pick day's turn is a topic of its own (issue 50): not sent to a device that did not choose it, sent once it does.
    const sender = createPushSender({
      afterAnswer: t.app.services.afterAnswer,
      log: { warn: () => {} },
      subject: 'mailto:test@example.com',
    });
    const turn = { title: 'Your turn to choose: Spring litter', url: '/account#picks' };
    const toRivera = () => push.received.filter((r) => r.path === new URL(rivera.endpoint).pathname).length;
    const beforeTurn = toRivera();
    await sender.deliver(t.orm.em.fork(), 'pick', turn, { userIds: [family.id] });
    expect(toRivera()).toBe(beforeTurn);
    expect(await t.caller(family).notifications.setTopics({ endpoint: rivera.endpoint, topics: ['message', 'update', 'pick'] })).toEqual({
      topics: ['message', 'update', 'pick'],
    });
    await sender.deliver(t.orm.em.fork(), 'pick', turn, { userIds: [family.id] });
    expect(toRivera()).toBe(beforeTurn + 1);
    expect(open(push.received.filter((r) => r.path === new URL(rivera.endpoint).pathname).at(-1)!.body, rivera)).toEqual(turn);
  });
});
