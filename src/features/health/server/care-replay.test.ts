// A care record queued on the breeder's phone while offline is replayed, maybe several times at once (issue 34's
// queue): one key, one record (one row per puppy of a litter), however often and however concurrently it arrives,
// and every replay is answered with what was stored.
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { HEALTH_MESSAGES } from '../health.schema.ts';
import { todayUtc } from './health.service.ts';

type Answer = { count: number; ids: number[]; warnings: string[] };

describe('recording care with an idempotency key', () => {
  const t = useTestApp();

  it('stores one record for every replay of one key, concurrent ones too, for a litter and for one puppy', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const em = t.orm.em.fork();
    const [litter] = await em.execute<{ id: number }[]>(
      `insert into "litters" ("name", "mother_name", "father_name", "birth_date", "created_at", "updated_at") values ('Spring Litter', 'Rosie', 'Cooper', ?, now(), now()) returning "id"`,
      [todayUtc(new Date(Date.now() - 40 * 86_400_000))],
    );
    const puppyIds: number[] = [];
    for (const name of ['Luna', 'Max', 'Pip']) {
      const [row] = await em.execute<{ id: number }[]>(
        `insert into "puppies" ("name", "gender", "color", "litter_id", "created_at", "updated_at") values (?, 'female', 'apricot', ?, now(), now()) returning "id"`,
        [name, litter!.id],
      );
      puppyIds.push(Number(row!.id));
    }
    const post = (input: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/admin.health.record',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { givenOn: todayUtc(), ...input },
      });
    const answer = (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.statusCode).toBe(200);
      return (res.json() as { result: { data: Answer } }).result.data;
    };
    const rows = async () =>
      Number((await t.orm.em.fork().execute<{ n: string }[]>(`select count(*) as "n" from "health_care_items"`))[0]!.n);

    // The whole litter dewormed, with a dose outside the usual range (confirmed): three replays at once, then one more.
    const litterRecord = {
      litterId: litter!.id,
      kind: 'deworming',
      product: 'Pyrantel',
      dose: 25,
      doseUnit: 'ml',
      doseConfirmed: true,
      idempotencyKey: 'queued-litter-7f3a9c2e',
    };
    const answers = [...(await Promise.all([post(litterRecord), post(litterRecord), post(litterRecord)])), await post(litterRecord)].map(
      answer,
    );
    expect(answers[0]!.count).toBe(3);
    expect(answers[0]!.warnings).toEqual([HEALTH_MESSAGES.doseOutOfRange('ml', 0.1, 5)]);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await rows()).toBe(3);

    // One puppy's legacy microchip: replayed twice at once, stored once, the warning in every answer.
    const chip = { puppyIds: [puppyIds[0]], kind: 'microchip', microchip: '123456789', idempotencyKey: 'queued-chip-5b1d' };
    const chipAnswers = (await Promise.all([post(chip), post(chip)])).map(answer);
    expect(chipAnswers[0]).toEqual({ count: 1, ids: chipAnswers[0]!.ids, warnings: [HEALTH_MESSAGES.microchipLegacy] });
    expect(chipAnswers[1]).toEqual(chipAnswers[0]);
    expect(await rows()).toBe(4);

    // Another key is another record; no key at all is stored every time (the form online without the queue).
    expect(answer(await post({ ...litterRecord, idempotencyKey: 'queued-litter-second' })).count).toBe(3);
    const { idempotencyKey: _none, ...unkeyed } = litterRecord;
    answer(await post(unkeyed));
    expect(await rows()).toBe(10);

    // A bad key is a 400 that says why, and nothing is stored.
    const bad = await post({ ...litterRecord, idempotencyKey: 'no spaces allowed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors.idempotencyKey).toEqual([HEALTH_MESSAGES.keyInvalid]);
    expect(await rows()).toBe(10);
  });
});
