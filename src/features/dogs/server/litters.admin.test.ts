// The litter form's mother and father are registry dogs (issue 12): saved by id, the litter shows the dogs'
// names and follows a rename; a wrong sex or an unknown id is a 400 with a field message, never a 500.
import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { DOG_MESSAGES } from '../dogs.schema.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };
const LITTER = { name: 'Spring Litter', motherName: 'typed', fatherName: 'typed', birthDate: '2026-03-01', puppyCount: 6 };

describe('admin.litters: mother and father from the dog registry', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  const dogs = async () => ({
    bella: await as().admin.parents.createAncestor({ name: 'Bella', gender: 'female' }),
    rocky: await as().admin.parents.createAncestor({ name: 'Rocky', gender: 'male' }),
  });

  it('saved with damId and sireId, the litter carries the dogs’ names, publicly too, whatever names were sent', async () => {
    const { bella, rocky } = await dogs();
    const litter = await as().admin.litters.create({ ...LITTER, damId: bella.id, sireId: rocky.id });
    expect(litter).toMatchObject({ motherName: 'Bella', fatherName: 'Rocky', damId: bella.id, sireId: rocky.id });
    expect((await t.caller().litters.active()).find((l) => l.id === litter.id)).toMatchObject({
      motherName: 'Bella',
      fatherName: 'Rocky',
      damId: bella.id,
      sireId: rocky.id,
    });
    expect(await as().admin.litters.byId({ id: litter.id })).toMatchObject({ motherName: 'Bella', fatherName: 'Rocky' });
  });

  it('renaming a dog renames it on its litters: the public list, the dashboard and the stored names', async () => {
    const { bella, rocky } = await dogs();
    const litter = await as().admin.litters.create({ ...LITTER, name: 'Rename Litter', damId: bella.id, sireId: rocky.id });
    await as().admin.parents.update({ id: rocky.id, name: 'Rocky Road', gender: 'male', breed: '', color: '' });
    expect((await t.caller().litters.active()).find((l) => l.id === litter.id)).toMatchObject({
      motherName: 'Bella',
      fatherName: 'Rocky Road',
    });
    expect((await as().admin.litters.list({ search: 'Rename' })).items[0]).toMatchObject({ fatherName: 'Rocky Road' });
    // The stored column follows too (what the newsletter's litter draft reads, and what stays if the dog is deleted).
    const row = (await t.orm.em
      .fork()
      .getConnection()
      .execute('select mother_name, father_name from litters where id = ?', [litter.id])) as Array<Record<string, string>>;
    expect(row[0]).toEqual({ mother_name: 'Bella', father_name: 'Rocky Road' });
    await as().admin.parents.remove({ id: rocky.id });
    expect(await as().admin.litters.byId({ id: litter.id })).toMatchObject({ fatherName: 'Rocky Road', sireId: null });
  });

  it('a litter with names only stays editable: its names find (or add) the registry dogs', async () => {
    await dogs();
    const litter = await as().admin.litters.create({ ...LITTER, name: 'Names Litter', motherName: 'Bella', fatherName: 'Sir Visiting' });
    expect(litter).toMatchObject({ motherName: 'Bella', fatherName: 'Sir Visiting' });
    expect(litter.damId).not.toBeNull();
    expect(litter.sireId).not.toBeNull();
    const updated = await as().admin.litters.update({
      ...LITTER,
      id: litter.id,
      name: 'Names Litter',
      motherName: 'Bella',
      fatherName: 'Sir Visiting',
      puppyCount: 7,
    });
    expect(updated).toMatchObject({ puppyCount: 7, motherName: 'Bella', fatherName: 'Sir Visiting', sireId: litter.sireId });
    expect((await as().admin.parents.byId({ id: updated.damId! })).name).toBe('Bella');
  });

  it('a male as the dam, a female as the sire or an unknown id is a 400 with the field’s message, over HTTP too', async () => {
    const { bella, rocky } = await dogs();
    const cases = [
      { input: { damId: rocky.id, sireId: rocky.id }, field: 'damId', message: DOG_MESSAGES.damNotFemale },
      { input: { damId: bella.id, sireId: bella.id }, field: 'sireId', message: DOG_MESSAGES.sireNotMale },
      { input: { damId: 999_999, sireId: rocky.id }, field: 'damId', message: DOG_MESSAGES.parentMissing },
      { input: { damId: bella.id, sireId: 999_999 }, field: 'sireId', message: DOG_MESSAGES.parentMissing },
    ];
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const existing = await as().admin.litters.create({ ...LITTER, name: 'Existing', damId: bella.id, sireId: rocky.id });
    for (const { input, field, message } of cases) {
      const error = (await as()
        .admin.litters.create({ ...LITTER, ...input })
        .catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe('BAD_REQUEST');
      for (const [path, body] of [
        ['admin.litters.create', { ...LITTER, ...input }],
        ['admin.litters.update', { ...LITTER, ...input, id: existing.id }],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${path} ${field}`).toBe(400);
        expect(res.json().error.data.fieldErrors).toEqual({ [field]: [message] });
      }
    }
    // Nothing was changed by the refused update.
    expect(await as().admin.litters.byId({ id: existing.id })).toMatchObject({
      motherName: 'Bella',
      fatherName: 'Rocky',
      damId: bella.id,
      sireId: rocky.id,
    });
  });
});
