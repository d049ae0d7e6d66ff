import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

const puppyInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Waffles',
  gender: 'male' as const,
  color: 'Apricot',
  description: 'A brave little explorer.',
  ...overrides,
});

describe('admin.puppies and admin.litters', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);

  it('creates a litter and a puppy in it; both show on the public lists at once', async () => {
    const litter = await as().admin.litters.create({
      name: 'Winter Litter',
      motherName: 'Maple',
      fatherName: 'Cooper',
      birthDate: '2026-10-01',
      expectedDate: '2026-09-30',
      puppyCount: 5,
      active: true,
    });
    expect(litter).toMatchObject({ name: 'Winter Litter', birthDate: '2026-10-01', active: true, imageUrl: null });

    const puppy = await as().admin.puppies.create(
      puppyInput({ litterId: litter.id, price: 2900, energyLevel: 'high', assessmentComplete: true, imageUrl: '/uploads/x.jpg' }),
    );
    expect(puppy).toMatchObject({
      name: 'Waffles',
      litterId: litter.id,
      litterName: 'Winter Litter',
      price: 2900,
      energyLevel: 'high',
      confidence: 'unassessed',
      status: 'available',
      visible: true,
    });

    const publicPuppies = await t.caller().puppies.featured();
    expect(publicPuppies.map((p) => p.name)).toContain('Waffles');
    const publicLitters = await t.caller().litters.active();
    expect(publicLitters.map((l) => l.name)).toContain('Winter Litter');
    // The public shape never leaks admin-only fields.
    expect(publicPuppies.find((p) => p.name === 'Waffles')).not.toHaveProperty('visible');
  });

  it('reads, updates every field, changes status quickly, and the public list follows', async () => {
    const { items } = await as().admin.puppies.list({});
    const id = items.find((p) => p.name === 'Waffles')!.id;
    expect((await as().admin.puppies.byId({ id })).name).toBe('Waffles');

    const updated = await as().admin.puppies.update({
      id,
      ...puppyInput({ name: 'Sir Waffles', price: 0, weight: 4.5, idealHome: 'Anyone with a lap', litterId: null }),
    });
    expect(updated).toMatchObject({ name: 'Sir Waffles', price: 0, weight: 4.5, idealHome: 'Anyone with a lap', litterId: null });

    await as().admin.puppies.setStatus({ id, status: 'reserved', visible: true });
    expect((await t.caller().puppies.featured()).find((p) => p.id === id)?.status).toBe('reserved');

    await as().admin.puppies.setStatus({ id, status: 'available', visible: false });
    expect((await t.caller().puppies.featured()).some((p) => p.id === id)).toBe(false);

    await as().admin.puppies.setStatus({ id, status: 'sold', visible: true });
    expect((await t.caller().puppies.featured()).some((p) => p.id === id)).toBe(false);
  });

  it('refuses a photo set that is not our uploads, repeats a photo or is too long, and a video that is not a video upload', async () => {
    const refused = async (overrides: Record<string, unknown>) => {
      const error = await as()
        .admin.puppies.create(puppyInput(overrides))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
    };
    await refused({ photos: ['https://elsewhere.example/p.jpg'] });
    await refused({ photos: ['/uploads/a.jpg', '/uploads/a.jpg'] });
    await refused({ photos: Array.from({ length: 13 }, (_, i) => `/uploads/p${i}.jpg`) });
    await refused({ videoUrl: '/uploads/clip.jpg' });
    // An older client sending only imageUrl still gets a one-photo set.
    const legacy = await as().admin.puppies.create(
      puppyInput({ name: 'Legacy', imageUrl: '/uploads/legacy.jpg', videoUrl: '/uploads/clip.mp4' }),
    );
    expect(legacy).toMatchObject({ imageUrl: '/uploads/legacy.jpg', photos: ['/uploads/legacy.jpg'], videoUrl: '/uploads/clip.mp4' });
    await as().admin.puppies.remove({ id: legacy.id });
  });

  it('rejects bad input with field messages from the shared schema', async () => {
    const error = await as()
      .admin.puppies.create(puppyInput({ name: '', price: -5, energyLevel: 'extreme' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');

    const bad = await as()
      .admin.litters.create({ name: 'X', motherName: 'A', fatherName: 'B', birthDate: '2026-02-30' })
      .catch((e: unknown) => e);
    expect((bad as TRPCError).code).toBe('BAD_REQUEST');

    const missingLitter = await as()
      .admin.puppies.create(puppyInput({ litterId: 99999 }))
      .catch((e: unknown) => e);
    expect((missingLitter as TRPCError).code).toBe('BAD_REQUEST');
    expect((missingLitter as TRPCError).message).toBe('That litter no longer exists.');

    const notFound = await as()
      .admin.puppies.byId({ id: 424242 })
      .catch((e: unknown) => e);
    expect((notFound as TRPCError).code).toBe('NOT_FOUND');
  });

  it('answers field errors over HTTP as 400 with data.fieldErrors', async () => {
    const { signIn } = await import('../../../server/testing/auth.ts');
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.puppies.create',
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ name: '', gender: 'male', color: 'Red', price: 12.5 }),
    });
    expect(res.statusCode).toBe(400);
    const fieldErrors = res.json().error.data.fieldErrors;
    expect(fieldErrors.name).toEqual(['Name is required.']);
    expect(fieldErrors.price).toEqual(['Price must be whole dollars.']);
  });

  it('pages at 50 with a total, newest first, and searches by name', async () => {
    for (let i = 0; i < 52; i++) await as().admin.puppies.create(puppyInput({ name: `Pup ${String(i).padStart(2, '0')}` }));
    const first = await as().admin.puppies.list({ page: 1 });
    expect(first.items).toHaveLength(50);
    expect(first.pageSize).toBe(50);
    expect(first.total).toBe(53);
    expect(first.items[0]!.name).toBe('Pup 51');
    const second = await as().admin.puppies.list({ page: 2 });
    expect(second.items).toHaveLength(3);
    const search = await as().admin.puppies.list({ search: 'waffles' });
    expect(search.items.map((p) => p.name)).toEqual(['Sir Waffles']);
    const wildcard = await as().admin.puppies.list({ search: '%' });
    expect(wildcard.total).toBe(0);
  });

  it('deletes a litter (its puppies stay, unassigned) and a puppy', async () => {
    const litter = await as().admin.litters.create({ name: 'Gone Litter', motherName: 'A', fatherName: 'B' });
    const pup = await as().admin.puppies.create(puppyInput({ name: 'Orphan', litterId: litter.id }));
    await as().admin.litters.remove({ id: litter.id });
    expect((await as().admin.puppies.byId({ id: pup.id })).litterId).toBeNull();
    expect((await t.caller().litters.active()).some((l) => l.id === litter.id)).toBe(false);
    await as().admin.puppies.remove({ id: pup.id });
    expect(
      (
        (await as()
          .admin.puppies.byId({ id: pup.id })
          .catch((e: unknown) => e)) as TRPCError
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('archives a litter: it leaves the public list but stays in the admin list', async () => {
    const litter = await as().admin.litters.create({ name: 'Old Litter', motherName: 'A', fatherName: 'B', active: true });
    await as().admin.litters.update({ id: litter.id, name: 'Old Litter', motherName: 'A', fatherName: 'B', active: false });
    expect((await t.caller().litters.active()).some((l) => l.id === litter.id)).toBe(false);
    const list = await as().admin.litters.list({});
    expect(list.items.find((l) => l.id === litter.id)?.active).toBe(false);
    expect((await as().admin.litters.options()).some((o) => o.id === litter.id)).toBe(true);
  });

  it('refuses visitors and non-admins', async () => {
    const visitor = await t
      .caller()
      .admin.puppies.list({})
      .catch((e: unknown) => e);
    expect((visitor as TRPCError).code).toBe('UNAUTHORIZED');
    const user = await t
      .caller({ id: 2, username: 'fan', isAdmin: false })
      .admin.litters.create({ name: 'x', motherName: 'a', fatherName: 'b' })
      .catch((e: unknown) => e);
    expect((user as TRPCError).code).toBe('FORBIDDEN');
  });
});

describe('batched admin queries', () => {
  const t = useTestApp();

  it('answers a batch of several admin queries in one request (as the dashboard overview sends)', async () => {
    const { signIn } = await import('../../../server/testing/auth.ts');
    const { cookie } = await signIn(t.orm, { isAdmin: true });
    const paths = [
      'admin.inquiries.unreadCount',
      'admin.puppies.list',
      'admin.puppies.list',
      'admin.litters.list',
      'admin.subscribers.list',
    ];
    const input = encodeURIComponent(
      JSON.stringify({ 1: { page: 1, status: 'available' }, 2: { page: 1, status: 'reserved' }, 3: { page: 1 }, 4: { page: 1 } }),
    );
    const res = await t.app.inject({ method: 'GET', url: `/trpc/${paths.join(',')}?batch=1&input=${input}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(5);
  });
});
