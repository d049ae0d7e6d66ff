import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('admin.testimonials', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);

  it('creates (rating defaults to 5), updates, unfeatures and deletes; the public slider follows', async () => {
    const created = await as().admin.testimonials.create({ name: 'The Lees', content: 'Wonderful puppy!', location: 'Denver, CO' });
    expect(created).toMatchObject({ rating: 5, featured: true, imageUrl: null });
    expect((await t.caller().testimonials.featured()).map((x) => x.name)).toEqual(['The Lees']);

    const updated = await as().admin.testimonials.update({
      id: created.id,
      name: 'The Lee Family',
      content: 'Wonderful puppy, great support.',
      rating: 4,
      location: 'Denver, CO',
      featured: true,
      imageUrl: '/uploads/lees.jpg',
    });
    expect(updated).toMatchObject({ name: 'The Lee Family', rating: 4, imageUrl: '/uploads/lees.jpg' });
    expect((await t.caller().testimonials.featured())[0]).toMatchObject({ name: 'The Lee Family', rating: 4 });

    await as().admin.testimonials.update({ id: created.id, name: 'The Lee Family', content: 'x', featured: false });
    expect(await t.caller().testimonials.featured()).toEqual([]);
    expect((await as().admin.testimonials.list({})).total).toBe(1);

    await as().admin.testimonials.remove({ id: created.id });
    expect((await as().admin.testimonials.list({})).total).toBe(0);
  });

  it('accepts ratings 1 to 5 only', async () => {
    for (const rating of [0, 6, 3.5]) {
      const error = await as()
        .admin.testimonials.create({ name: 'A', content: 'B', rating })
        .catch((e: unknown) => e);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
    }
    expect((await as().admin.testimonials.create({ name: 'A', content: 'B', rating: 1 })).rating).toBe(1);
  });
});
