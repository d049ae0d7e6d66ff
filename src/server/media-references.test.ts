// An upload is deleted only when no declared media column refers to it: through an upload's `replaces`
// field and through admin saves, on the real app and database.
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { mediaReferences } from './media-references.ts';
import { entities } from './entities.ts';
import { jpegPart, multipartBody, solidImage, type FieldPart } from '../features/media/server/media.test-helpers.ts';
import type { SessionUser } from '../lib/server/trpc.ts';

describe('media references', () => {
  const t = useTestApp();
  let cookie = '';
  let admin: SessionUser;

  const upload = async (replaces?: string) => {
    if (!cookie) ({ cookie, user: admin } = await signIn(t.orm, { isAdmin: true }));
    const parts = [
      ...(replaces ? [{ name: 'replaces', value: replaces } satisfies FieldPart] : []),
      jpegPart(await solidImage(40, 30, 'jpeg')),
    ];
    const { payload, headers } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; url: string };
  };
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('declares the features that hold upload URLs, each a known entity with real columns', () => {
    const known = new Set<unknown>(entities);
    expect(mediaReferences).toHaveLength(18);
    for (const ref of mediaReferences) {
      expect(known.has(ref.entity)).toBe(true);
      const meta = t.orm.getMetadata().find(ref.entity as never);
      for (const column of ref.columns) expect(meta?.properties[column], column).toBeDefined();
    }
  });

  it('an upload replaced by another is kept while a published puppy still shows it', async () => {
    const photo = await upload();
    await t.caller(admin).admin.puppies.create({ name: 'Maple', gender: 'female', color: 'Apricot', imageUrl: photo.url, visible: true });

    const next = await upload(photo.id);
    expect(next.id).not.toBe(photo.id);
    expect(await served(photo.url)).toBe(200);
    expect(await served(`${photo.url}?w=160`)).toBe(200);
  });

  it('an upload replaced by another is deleted when nothing refers to it', async () => {
    const draft = await upload();
    const next = await upload(draft.id);
    expect(await served(draft.url)).toBe(404);
    expect(await served(next.url)).toBe(200);
  });

  it('a hero picture in the site settings counts as a use, and frees the upload once changed', async () => {
    const photo = await upload();
    const as = t.caller(admin);
    const settings = await as.admin.settings.get();
    await as.admin.settings.update({ ...settings, heroImageUrl: photo.url });
    await upload(photo.id);
    expect(await served(photo.url)).toBe(200);
    await as.admin.settings.update({ ...settings, heroImageUrl: null });
    expect(await served(photo.url)).toBe(404);
  });

  it('the kennel’s logo in the site settings is public, counts as a use, and frees the upload once changed', async () => {
    const logo = await upload();
    const as = t.caller(admin);
    const settings = await as.admin.settings.get();
    expect(settings.logoUrl).toBeNull();
    await as.admin.settings.update({ ...settings, logoUrl: logo.url });
    expect((await t.caller(null).settings.get()).logoUrl).toBe(logo.url);
    await upload(logo.id);
    expect(await served(logo.url)).toBe(200);
    await as.admin.settings.update({ ...settings, logoUrl: null });
    expect(await served(logo.url)).toBe(404);
  });

  it('an image inside an article’s Markdown body is kept while the article shows it, and freed when the edit removes it', async () => {
    const { url, id } = await upload();
    const created = await t.caller(admin).admin.articles.create({ kind: 'blog', title: 'With a photo', body: `Look:\n\n![Puppy](${url})` });
    // Another upload that names this one as replaced: kept, the body still shows it.
    await upload(id);
    expect(await served(url)).toBe(200);

    await t
      .caller(admin)
      .admin.articles.update({ id: created.id, data: { kind: 'blog', title: 'With a photo', body: 'No photo any more.' } });
    expect(await served(url)).toBe(404);
  });
});
