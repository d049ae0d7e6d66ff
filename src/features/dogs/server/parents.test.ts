import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { seedDemoContent } from '../../../server/seed/seed.ts';
import { ParentDog } from './parent-dog.entity.ts';

describe('GET /api/parents/featured and parents.featured', () => {
  const t = useTestApp();

  it('answers an empty list on an empty database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parents/featured' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists only featured parents, by sortOrder, with the SPEC §3 fields, the same through REST and tRPC', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const em = t.orm.em.fork();
    const now = new Date();
    em.create(ParentDog, {
      name: 'Retired Rosie',
      gender: 'female',
      breed: 'Mini Goldendoodle',
      color: 'Cream',
      weight: 20.5,
      birthDate: '2015-01-01',
      description: '',
      imageUrl: null,
      ours: true,
      featured: false,
      sortOrder: -1,
      createdAt: now,
      updatedAt: now,
    });
    em.create(ParentDog, {
      name: 'Ace',
      gender: 'male',
      breed: 'Poodle',
      color: 'Black',
      weight: null,
      birthDate: null,
      description: 'New sire.',
      imageUrl: null,
      ours: true,
      featured: true,
      sortOrder: -5,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();

    const res = await t.app.inject({ method: 'GET', url: '/api/parents/featured' });
    expect(res.statusCode).toBe(200);
    const dogs = res.json() as Array<Record<string, unknown>>;
    expect(dogs.map((d) => d.name)).toEqual(['Ace', 'Maple', 'Willow', 'Cooper', 'Bear']);
    expect(Object.keys(dogs[1]!).sort()).toEqual(
      // SPEC §3's fields, then every photo in order (the first is imageUrl) and an optional video.
      ['id', 'name', 'gender', 'breed', 'color', 'weight', 'birthDate', 'description', 'imageUrl', 'photos', 'videoUrl'].sort(),
    );
    expect(dogs[0]).toMatchObject({ weight: null, birthDate: null, imageUrl: null });
    const maple = dogs[1]!;
    expect(maple.gender).toBe('female');
    expect(typeof maple.weight).toBe('number');
    expect(maple.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(maple.imageUrl).toMatch(/^\/uploads\/[\w-]+\.jpg$/);

    expect(await t.caller().parents.featured()).toEqual(dogs);
    const http = await t.app.inject({ method: 'GET', url: '/trpc/parents.featured' });
    expect(http.json().result.data).toEqual(dogs);
  });
});
