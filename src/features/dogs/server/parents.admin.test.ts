import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('admin.parents', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);

  it('creates, reads, updates and deletes a parent dog; the public list follows featured and order', async () => {
    const maple = await as().admin.parents.create({
      name: 'Maple',
      gender: 'female',
      breed: 'Mini Goldendoodle',
      color: 'Apricot',
      weight: 22,
      birthDate: '2023-04-01',
      description: 'Gentle matriarch.',
      imageUrl: '/uploads/maple.jpg',
      featured: true,
      sortOrder: 1,
    });
    expect(maple).toMatchObject({ name: 'Maple', weight: 22, birthDate: '2023-04-01', featured: true, sortOrder: 1 });
    // Left out, featured is off: a new dog is private until the breeder features it (issue 29).
    const hidden = await as().admin.parents.create({
      name: 'Cooper',
      gender: 'male',
      breed: 'Miniature Poodle',
      color: 'Red',
      sortOrder: 0,
    });
    expect(hidden).toMatchObject({ weight: null, birthDate: null, imageUrl: null, featured: false });
    expect((await t.caller().parents.featured()).map((d) => d.name)).toEqual(['Maple']);
    const cooper = await as().admin.parents.update({
      id: hidden.id,
      name: 'Cooper',
      gender: 'male',
      breed: 'Miniature Poodle',
      color: 'Red',
      sortOrder: 0,
      featured: true,
    });
    expect(cooper.featured).toBe(true);

    expect((await t.caller().parents.featured()).map((d) => d.name)).toEqual(['Cooper', 'Maple']);
    expect((await as().admin.parents.list({})).items.map((d) => d.name)).toEqual(['Cooper', 'Maple']);

    await as().admin.parents.update({
      id: cooper.id,
      name: 'Cooper',
      gender: 'male',
      breed: 'Miniature Poodle',
      color: 'Red',
      featured: false,
    });
    expect((await t.caller().parents.featured()).map((d) => d.name)).toEqual(['Maple']);
    expect((await as().admin.parents.byId({ id: cooper.id })).featured).toBe(false);

    await as().admin.parents.remove({ id: maple.id });
    expect(await t.caller().parents.featured()).toEqual([]);
    expect((await as().admin.parents.list({})).total).toBe(1);
  });

  it('validates with the shared schema', async () => {
    const bad = await as()
      .admin.parents.create({ name: 'X', gender: 'other' as never, breed: '', color: 'Red', weight: -1, birthDate: '04/01/2023' })
      .catch((e: unknown) => e);
    expect((bad as TRPCError).code).toBe('BAD_REQUEST');
    const missing = await as()
      .admin.parents.remove({ id: 12345 })
      .catch((e: unknown) => e);
    expect((missing as TRPCError).code).toBe('NOT_FOUND');
  });
});
