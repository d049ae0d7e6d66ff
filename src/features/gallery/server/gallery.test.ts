import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { seedDemoContent } from '../../../server/seed/seed.ts';
import { GalleryImage } from './gallery-image.entity.ts';

describe('GET /api/gallery and gallery.list', () => {
  const t = useTestApp();

  it('answers an empty list on an empty database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists every image by sortOrder then id, with the SPEC §3 fields, the same through REST and tRPC', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const em = t.orm.em.fork();
    const now = new Date();
    // Same sortOrder as the first seeded image: the older row (lower id) stays first.
    em.create(GalleryImage, { imageUrl: '/uploads/x.jpg', title: 'Tied', description: '', featured: false, sortOrder: 0, createdAt: now });
    em.create(GalleryImage, {
      imageUrl: '/uploads/y.jpg',
      title: 'Last',
      description: 'At the end',
      featured: true,
      sortOrder: 100,
      createdAt: now,
    });
    await em.flush();

    const res = await t.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(res.statusCode).toBe(200);
    const images = res.json() as Array<Record<string, unknown>>;
    expect(images).toHaveLength(10);
    expect(images.map((i) => i.title)).toEqual([
      'Morning cuddles',
      'Tied',
      'First snow',
      'Backyard play',
      'Meet the kids',
      'Trail day',
      'Bath time',
      'Going home',
      'Sunset naps',
      'Last',
    ]);
    expect(Object.keys(images[0]!).sort()).toEqual(['id', 'imageUrl', 'title', 'description', 'featured'].sort());
    expect(images[0]).toMatchObject({ featured: true, description: 'The Autumn Litter piled up for a nap after breakfast.' });
    expect(images[0]!.imageUrl).toMatch(/^\/uploads\/[\w-]+\.jpg$/);
    expect(images[1]!.featured).toBe(false);

    expect(await t.caller().gallery.list()).toEqual(images);
    const http = await t.app.inject({ method: 'GET', url: '/trpc/gallery.list' });
    expect(http.json().result.data).toEqual(images);
  });
});
