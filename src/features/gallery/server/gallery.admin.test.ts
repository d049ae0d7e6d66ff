import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('admin.gallery', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  const titles = async () => (await t.caller().gallery.list()).map((g) => g.title);

  it('adds images to the end, in order, and the public gallery shows them at once', async () => {
    for (const title of ['A', 'B', 'C', 'D']) {
      await as().admin.gallery.create({ imageUrl: `/uploads/${title}.jpg`, title, description: `${title} desc`, featured: title === 'A' });
    }
    expect(await titles()).toEqual(['A', 'B', 'C', 'D']);
    const list = await as().admin.gallery.list({});
    expect(list.items.map((g) => g.sortOrder)).toEqual([0, 1, 2, 3]);
    expect(list.items[0]).toMatchObject({ title: 'A', featured: true, description: 'A desc' });
  });

  it('reorders and persists the new order', async () => {
    const ids = (await as().admin.gallery.list({})).items.map((g) => g.id);
    const [a, b, c, d] = ids;
    const result = await as().admin.gallery.reorder({ ids: [d!, b!, a!, c!] });
    expect(result.map((g) => g.title)).toEqual(['D', 'B', 'A', 'C']);
    expect(await titles()).toEqual(['D', 'B', 'A', 'C']);
    expect((await as().admin.gallery.list({})).items.map((g) => g.title)).toEqual(['D', 'B', 'A', 'C']);
  });

  it('reorders a subset in the places it held, leaving the others alone', async () => {
    const byTitle = Object.fromEntries((await as().admin.gallery.list({})).items.map((g) => [g.title, g.id]));
    // D B A C → swap B and C only: D C A B
    await as().admin.gallery.reorder({ ids: [byTitle.C!, byTitle.B!] });
    expect(await titles()).toEqual(['D', 'C', 'A', 'B']);
  });

  it('refuses duplicate or unknown ids without changing anything', async () => {
    const ids = (await as().admin.gallery.list({})).items.map((g) => g.id);
    const dup = await as()
      .admin.gallery.reorder({ ids: [ids[0]!, ids[0]!] })
      .catch((e: unknown) => e);
    expect((dup as TRPCError).code).toBe('BAD_REQUEST');
    const unknown = await as()
      .admin.gallery.reorder({ ids: [ids[1]!, 99999] })
      .catch((e: unknown) => e);
    expect((unknown as TRPCError).code).toBe('NOT_FOUND');
    expect(await titles()).toEqual(['D', 'C', 'A', 'B']);
  });

  it('updates and deletes; an image is required', async () => {
    const [first] = (await as().admin.gallery.list({})).items;
    await as().admin.gallery.update({ id: first!.id, imageUrl: first!.imageUrl, title: 'Dawn', description: '', featured: true });
    expect((await t.caller().gallery.list())[0]).toMatchObject({ title: 'Dawn', featured: true });
    const noImage = await as()
      .admin.gallery.create({ imageUrl: '', title: 'Nothing' })
      .catch((e: unknown) => e);
    expect((noImage as TRPCError).code).toBe('BAD_REQUEST');
    await as().admin.gallery.remove({ id: first!.id });
    expect(await titles()).toEqual(['C', 'A', 'B']);
    // A new image after a delete still goes last.
    await as().admin.gallery.create({ imageUrl: '/uploads/e.jpg', title: 'E' });
    expect(await titles()).toEqual(['C', 'A', 'B', 'E']);
  });
});
