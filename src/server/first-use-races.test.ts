// Rows made on first use, raced (issue 44 item 6): 20 concurrent first calls through HTTP on the real app
// each answer without a 500 and leave one row. The portal state behind admin.portal.postUpdate (the outside
// run saw 11 of 20 answer 500 on family_portal_states_pkey), a pickup day, a visitor's conversation, the
// family's own conversation, its settings rows, a draft and a push device.
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { DIGEST_SUBJECT } from '../features/portal/server/digest.ts';

const N = 20;

describe('first-use rows under 20 concurrent first calls', () => {
  const t = useTestApp();

  async function post(path: string, cookie: string, input: unknown) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    return { status: res.statusCode, body: res.body };
  }
  /** N copies of one call at once: the statuses, which must all be 200. */
  async function race(path: string, cookie: string, input: (i: number) => unknown) {
    const results = await Promise.all(Array.from({ length: N }, (_, i) => post(path, cookie, input(i))));
    const wrong = results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.slice(0, 200)}`);
    expect(wrong).toEqual([]);
    return results;
  }
  const rows = async (sql: string, params: unknown[] = []) => (await t.orm.em.fork().execute<Array<{ n: number }>>(sql, params))[0]!.n;

  /** A litter with a puppy matched to each of two families with verified addresses (their portal state rows not yet made). */
  async function litterWithFamilies(admin: { cookie: string }, name: string) {
    const litter = JSON.parse(
      (await post('admin.litters.create', admin.cookie, { name, motherName: 'Rosie', fatherName: 'Cooper', birthDate: '2026-10-01' })).body,
    ).result.data as { id: number };
    const families = [];
    for (const k of ['a', 'b']) {
      const email = `${name.toLowerCase()}-${k}@example.com`;
      const family = { ...(await signIn(t.orm, { isAdmin: false, email })), email };
      await t.orm.em
        .fork()
        .execute(
          `insert into "puppies" ("name", "gender", "color", "family_id", "litter_id", "status", "price", "created_at", "updated_at") values (?, 'female', 'apricot', ?, ?, 'reserved', 3200, now(), now())`,
          [`${name} ${k}`, family.user.id, litter.id],
        );
      families.push(family);
    }
    return { litter, families };
  }

  it('admin.portal.postUpdate: the first updates of a litter at once make one portal state per family and one digest each', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const { litter, families } = await litterWithFamilies(admin, 'Racing');
    const ids = families.map((f) => f.user.id);
    expect(await rows(`select count(*)::int as n from "family_portal_states" where "family_id" in (?, ?)`, ids)).toBe(0);
    await race('admin.portal.postUpdate', admin.cookie, (i) => ({ litterId: litter.id, text: `Update ${i}` }));
    expect(await rows(`select count(*)::int as n from "family_portal_states" where "family_id" in (?, ?)`, ids)).toBe(2);
    expect(await rows(`select count(*)::int as n from "puppy_updates" where "litter_id" = ?`, [litter.id])).toBe(N);
    // The first update of a family's day goes out at once, once; the others wait for tomorrow's digest.
    for (const f of families) {
      expect(
        await rows(`select count(*)::int as n from "outbox_messages" where "to" = ? and "subject" = ?`, [f.email, DIGEST_SUBJECT]),
      ).toBe(1);
    }
    expect(
      await rows(`select count(*)::int as n from "puppy_update_notices" where "family_id" in (?, ?) and "status" = 'emailed'`, ids),
    ).toBeGreaterThanOrEqual(2);
  });

  it('portal.setDigest: a family’s first saves at once make one row, with the last value', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    await race('portal.setDigest', family.cookie, () => ({ enabled: false }));
    expect(
      await rows(`select count(*)::int as n from "family_portal_states" where "family_id" = ? and "digest_enabled" = false`, [
        family.user.id,
      ]),
    ).toBe(1);
  });

  it('admin.portal.setPickup: a puppy’s first pickup day saved at once makes one row', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const { litter } = await litterWithFamilies(admin, 'Pickup');
    const [puppy] = await t.orm.em
      .fork()
      .execute<Array<{ id: number }>>(`select "id" from "puppies" where "litter_id" = ? order by "id" limit 1`, [litter.id]);
    await race('admin.portal.setPickup', admin.cookie, () => ({ puppyId: puppy!.id, at: '2026-12-20T17:00:00Z' }));
    expect(await rows(`select count(*)::int as n from "puppy_pickups" where "puppy_id" = ?`, [puppy!.id])).toBe(1);
  });

  it('admin.messages.forInquiry: the first answers to a visitor’s inquiry at once make one conversation', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    await t
      .caller(null, '10.46.0.1')
      .inquiries.create({ name: 'Robin Vale', email: 'robin.vale@example.com', interest: 'available', message: 'Is there a puppy left?' });
    const [inquiry] = await t.orm.em
      .fork()
      .execute<Array<{ id: number }>>(`select "id" from "inquiries" where "email" = 'robin.vale@example.com'`);
    const results = await race('admin.messages.forInquiry', admin.cookie, () => ({ inquiryId: inquiry!.id }));
    expect(new Set(results.map((r) => JSON.parse(r.body).result.data.id)).size).toBe(1);
    expect(await rows(`select count(*)::int as n from "conversations" where "email" = 'robin.vale@example.com'`)).toBe(1);
    expect(await rows(`select count(*)::int as n from "messages" where "email_message_id" = ?`, [`inquiry-${inquiry!.id}`])).toBe(1);
  });

  it('a family’s first messages, e-mail preference, reminder preference, draft and push device, each at once: one row each', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const id = family.user.id;
    await race('messages.send', family.cookie, (i) => ({ text: `Hello ${i}`, attachments: [] }));
    expect(await rows(`select count(*)::int as n from "conversations" where "family_id" = ?`, [id])).toBe(1);
    expect(
      await rows(
        `select count(*)::int as n from "messages" m join "conversations" c on c."id" = m."conversation_id" where c."family_id" = ?`,
        [id],
      ),
    ).toBe(N);

    const other = await signIn(t.orm, { isAdmin: false });
    await race('messages.setEmailPreference', other.cookie, () => ({ enabled: false }));
    expect(await rows(`select count(*)::int as n from "conversations" where "family_id" = ? and "family_email_off"`, [other.user.id])).toBe(
      1,
    );

    await race('health.setReminders', family.cookie, () => ({ enabled: false }));
    expect(await rows(`select count(*)::int as n from "health_family_prefs" where "family_id" = ?`, [id])).toBe(1);

    await race('applications.saveDraft', family.cookie, (i) => ({ values: { household: `Draft ${i}` } }));
    expect(await rows(`select count(*)::int as n from "application_drafts" where "user_id" = ?`, [id])).toBe(1);

    const endpoint = 'https://fcm.googleapis.com/fcm/send/first-use-race';
    await race('notifications.subscribe', family.cookie, () => ({
      endpoint,
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      topics: ['message'],
    }));
    expect(await rows(`select count(*)::int as n from "push_subscriptions" where "endpoint" = ?`, [endpoint])).toBe(1);
  });
});
