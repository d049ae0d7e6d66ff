// Replacing or deleting a photo in the dashboard deletes the old upload, but only once nothing uses it.
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { jpegPart, multipartBody, solidImage } from '../features/media/server/media.test-helpers.ts';
import { Media } from '../features/media/server/media.entity.ts';
import type { SessionUser } from '../lib/server/trpc.ts';

describe('uploads released by admin saves', () => {
  const t = useTestApp();
  let cookie = '';
  let admin: SessionUser;

  const upload = async () => {
    if (!cookie) ({ cookie, user: admin } = await signIn(t.orm, { isAdmin: true }));
    const { payload, headers } = multipartBody([jpegPart(await solidImage(40, 30, 'jpeg'))]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(201);
    return res.json().url as string;
  };
  const exists = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode === 200;
  const mediaCount = () => t.orm.em.fork().count(Media);

  it('deletes the replaced photo of a puppy (and its variants), keeps the new one', async () => {
    const first = await upload();
    const second = await upload();
    const as = t.caller(admin);
    const puppy = await as.admin.puppies.create({ name: 'Pixel', gender: 'male', color: 'Red', imageUrl: first });
    expect((await t.app.inject({ method: 'GET', url: `${first}?w=160` })).statusCode).toBe(200);

    await as.admin.puppies.update({ id: puppy.id, name: 'Pixel', gender: 'male', color: 'Red', imageUrl: second });
    expect(await exists(first)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `${first}?w=160` })).statusCode).toBe(404);
    expect(await exists(second)).toBe(true);

    await as.admin.puppies.remove({ id: puppy.id });
    expect(await exists(second)).toBe(false);
  });

  it('a puppy keeps an ordered set of photos: the first is its picture, a dropped one is deleted, and all go with the puppy', async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const as = t.caller(admin);
    const base = { name: 'Pebble', gender: 'female' as const, color: 'Cream' };
    const puppy = await as.admin.puppies.create({ ...base, photos: [a, b, c] });
    expect(puppy).toMatchObject({ imageUrl: a, photos: [a, b, c] });
    const shown = (await t.caller().puppies.featured()).find((p) => p.id === puppy.id)!;
    expect(shown).toMatchObject({ imageUrl: a, photos: [a, b, c], videoUrl: null });

    // Reordered with one left out: the new first becomes the picture, the dropped upload is deleted.
    const updated = await as.admin.puppies.update({ id: puppy.id, ...base, photos: [c, a] });
    expect(updated).toMatchObject({ imageUrl: c, photos: [c, a] });
    expect((await as.admin.puppies.byId({ id: puppy.id })).photos).toEqual([c, a]);
    expect(await exists(b)).toBe(false);
    expect(await exists(a)).toBe(true);

    await as.admin.puppies.remove({ id: puppy.id });
    expect(await exists(a)).toBe(false);
    expect(await exists(c)).toBe(false);
  });

  it('a parent dog keeps an ordered set of photos and a video; dropped uploads are deleted', async () => {
    const [a, b] = [await upload(), await upload()];
    const as = t.caller(admin);
    const base = { name: 'Juniper', gender: 'female' as const, breed: 'Mini Goldendoodle', color: 'Red', featured: true };
    const dog = await as.admin.parents.create({ ...base, photos: [a, b] });
    expect(dog).toMatchObject({ imageUrl: a, photos: [a, b], videoUrl: null });
    expect((await t.caller().parents.featured()).find((d) => d.id === dog.id)?.photos).toEqual([a, b]);
    const updated = await as.admin.parents.update({ id: dog.id, ...base, photos: [b] });
    expect(updated).toMatchObject({ imageUrl: b, photos: [b] });
    expect(await exists(a)).toBe(false);
    await as.admin.parents.remove({ id: dog.id });
    expect(await exists(b)).toBe(false);
  });

  it('keeps an upload another entry still uses', async () => {
    const shared = await upload();
    const as = t.caller(admin);
    const litter = await as.admin.litters.create({ name: 'Shared', motherName: 'A', fatherName: 'B', imageUrl: shared });
    const image = await as.admin.gallery.create({ imageUrl: shared, title: 'Shared photo' });
    const before = await mediaCount();

    await as.admin.gallery.remove({ id: image.id });
    expect(await exists(shared)).toBe(true);
    expect(await mediaCount()).toBe(before);

    await as.admin.litters.update({ id: litter.id, name: 'Shared', motherName: 'A', fatherName: 'B', imageUrl: null });
    expect(await exists(shared)).toBe(false);
  });

  it('releases a replaced hero image from the site settings', async () => {
    const hero = await upload();
    const as = t.caller(admin);
    const settings = await as.admin.settings.get();
    await as.admin.settings.update({ ...settings, heroImageUrl: hero });
    expect(await exists(hero)).toBe(true);
    await as.admin.settings.update({ ...settings, heroImageUrl: null });
    expect(await exists(hero)).toBe(false);
  });
});
