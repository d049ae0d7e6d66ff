// A care record takes private uploads only (issue 44 item 10): a public upload (the gallery's, a blog photo's)
// is refused with a clear 400 and nothing is recorded; the same photo uploaded privately is kept.
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { jpegPart, multipartBody, solidImage } from '../../../server/testing/uploads.ts';
import { HEALTH_MESSAGES } from '../health.schema.ts';

describe('care records and the privacy of their files', () => {
  const t = useTestApp();

  it('refuses a public upload with 400 and a clear message, records nothing, and keeps a private one', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const [puppy] = await t.orm.em
      .fork()
      .execute<Array<{ id: number }>>(
        `insert into "puppies" ("name", "gender", "color", "status", "price", "created_at", "updated_at") values ('Clover', 'female', 'apricot', 'available', 3200, now(), now()) returning "id"`,
      );
    const photo = await solidImage(64, 48, 'jpeg');
    const upload = async (visibility: 'public' | 'private') => {
      const { payload, headers } = multipartBody([{ name: 'visibility', value: visibility }, jpegPart(photo)]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(201);
      return res.json().url as string;
    };
    const record = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/admin.health.record',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({
          puppyIds: [puppy!.id],
          kind: 'note',
          notes: `Photo ${url}`,
          givenOn: new Date().toISOString().slice(0, 10),
          attachments: [url],
        }),
      });
    const count = async () =>
      (
        await t.orm.em
          .fork()
          .execute<Array<{ n: number }>>(`select count(*)::int as n from "health_care_items" where "puppy_id" = ?`, [puppy!.id])
      )[0]!.n;

    const refused = await record(await upload('public'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(HEALTH_MESSAGES.attachmentNotPrivate);
    expect(refused.json().error.data.fieldErrors.attachments).toEqual([HEALTH_MESSAGES.attachmentNotPrivate]);
    expect(await count()).toBe(0);

    expect((await record(await upload('private'))).statusCode).toBe(200);
    expect(await count()).toBe(1);
  });
});
