import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { seedDemoContent } from '../../../server/seed/seed.ts';
import { Testimonial } from './testimonial.entity.ts';

describe('GET /api/testimonials/featured and testimonials.featured', () => {
  const t = useTestApp();

  it('answers an empty list on an empty database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/testimonials/featured' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists only featured testimonials, newest first, with the SPEC §3 fields, the same through REST and tRPC', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const em = t.orm.em.fork();
    const day = 86_400_000;
    em.create(Testimonial, {
      name: 'Newest',
      content: 'Just brought Honey home!',
      location: 'Denver, CO',
      imageUrl: '/uploads/a.jpg',
      featured: true,
      createdAt: new Date(Date.now() + day),
    });
    em.create(Testimonial, {
      name: 'Hidden',
      content: 'Not shown.',
      rating: 3,
      location: '',
      imageUrl: null,
      featured: false,
      createdAt: new Date(Date.now() + 2 * day),
    });
    em.create(Testimonial, {
      name: 'Oldest',
      content: 'Years ago.',
      rating: 4,
      location: 'Pueblo, CO',
      imageUrl: null,
      featured: true,
      createdAt: new Date(Date.now() - 365 * day),
    });
    await em.flush();

    const res = await t.app.inject({ method: 'GET', url: '/api/testimonials/featured' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(7);
    expect(list.map((x) => x.name)).not.toContain('Hidden');
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'Newest',
      content: 'Just brought Honey home!',
      rating: 5,
      location: 'Denver, CO',
      imageUrl: '/uploads/a.jpg',
    });
    expect(list.at(-1)!.name).toBe('Oldest');
    expect(list.every((x) => Number.isInteger(x.rating) && (x.rating as number) >= 1 && (x.rating as number) <= 5)).toBe(true);
    expect(Object.keys(list[1]!).sort()).toEqual(['id', 'name', 'content', 'rating', 'location', 'imageUrl'].sort());

    expect(await t.caller().testimonials.featured()).toEqual(list);
    const http = await t.app.inject({ method: 'GET', url: '/trpc/testimonials.featured' });
    expect(http.json().result.data).toEqual(list);
  });
});
