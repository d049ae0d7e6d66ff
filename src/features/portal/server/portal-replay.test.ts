// A puppy update queued on the breeder's phone while offline is replayed, maybe twice at once (issue 34): one key,
// one update, however often and however concurrently it arrives.
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';

describe('posting an update with an idempotency key', () => {
  const t = useTestApp();

  it('stores one update for every replay of one key, concurrent ones too, and answers each with it', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const [puppy] = await t.orm.em
      .fork()
      .execute<Array<{ id: number }>>(
        `insert into "puppies" ("name", "gender", "color", "created_at", "updated_at") values ('Teddy', 'male', 'apricot', now(), now()) returning "id"`,
      );
    const post = (idempotencyKey: string, text = 'Teddy found the water bowl.') =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/admin.portal.postUpdate',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { puppyId: puppy!.id, text, idempotencyKey },
      });
    const key = 'queued-7f3a9c2e-5b1d';
    const answers = await Promise.all([post(key), post(key), post(key)]);
    const again = await post(key);
    const ids = [...answers, again].map((res) => {
      expect(res.statusCode).toBe(200);
      return (res.json() as { result: { data: { id: number } } }).result.data.id;
    });
    expect(new Set(ids).size).toBe(1);
    const rows = await t.orm.em
      .fork()
      .execute<Array<{ n: string }>>(`select count(*) as n from "puppy_updates" where "puppy_id" = ?`, [puppy!.id]);
    expect(Number(rows[0]!.n)).toBe(1);

    // Another key is another update; a bad key is a 400 that says why.
    expect((await post('queued-second-update', 'Teddy had a bath.')).statusCode).toBe(200);
    const bad = await post('no spaces allowed');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The update’s key must be 8 to 64 letters, digits, - or _.');
    const after = await t.orm.em
      .fork()
      .execute<Array<{ n: string }>>(`select count(*) as n from "puppy_updates" where "puppy_id" = ?`, [puppy!.id]);
    expect(Number(after[0]!.n)).toBe(2);
  });
});
