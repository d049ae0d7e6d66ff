// Background variants: after a photo upload, the variants pages ask for first are rendered one at a
// time without holding up the upload's answer, and are in the cache before anyone asks for them.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { imageUrl, placeholderUrl } from '../../../lib/shared/format.ts';
import { Media } from './media.entity.ts';
import { deleteMedia } from './media.service.ts';
import { storeMedia } from './media-store.ts';
import { MediaVariants, WARM_ACCEPTS, WARM_VARIANTS, type VariantsLog } from './variants.ts';
import { jpegPart, multipartBody, solidImage } from './media.test-helpers.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const FORMATS = ['avif', 'webp', 'jpeg'] as const;

/** A photo with detail (noise), so that its variants take real work to render. */
async function detailedPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('media variants rendered in the background after an upload', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = (await signIn(t.orm, { isAdmin: true })).cookie;
  });

  const upload = (data: Buffer) => {
    const { payload, headers } = multipartBody([jpegPart(data)]);
    return t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { ...headers, cookie: admin } });
  };
  const cacheDir = (id: string) => path.join(t.app.services.env.dataDir, 'media-cache', id);

  it('answers the upload at once, then renders the common variants so the first visitor finds them cached', async () => {
    const variants = t.app.mediaVariants;
    const expected = WARM_VARIANTS.length * WARM_ACCEPTS.length;
    const before = variants.renders;
    const res = await upload(await detailedPhoto(1600, 1200));
    expect(res.statusCode).toBe(201);
    // The answer did not wait for them: most (in practice all) of the renders are still to come.
    expect(variants.renders - before).toBeLessThan(expected);
    const { id, url } = res.json() as { id: string; url: string };

    await variants.idle();
    expect(variants.renders - before).toBe(expected);
    const { sha256 } = await t.orm.em.fork().findOneOrFail(Media, { id });
    const files = readdirSync(cacheDir(id));
    for (const { width, quality } of WARM_VARIANTS) {
      for (const format of FORMATS)
        expect(files, `w${width} q${quality} ${format}`).toContain(`${sha256.slice(0, 16)}-w${width}-q${quality}.${format}`);
    }

    // The URLs the pages build (ResponsiveImage's placeholder and srcset, the lightbox, the admin preview)
    // are answered from the cache: not one more render.
    const pageUrls = [
      placeholderUrl(url),
      imageUrl(url, 320),
      imageUrl(url, 480),
      imageUrl(url, 640),
      imageUrl(url, 800, 80),
      imageUrl(url, 1024),
      imageUrl(url, 160),
    ];
    for (const pageUrl of pageUrls) {
      for (const accept of [CHROME_ACCEPT, 'image/webp,*/*', '*/*']) {
        const got = await t.app.inject({ method: 'GET', url: pageUrl, headers: { accept } });
        expect(got.statusCode, `${pageUrl} ${accept}`).toBe(200);
      }
    }
    expect(variants.renders - before).toBe(expected);
  });

  it('leaves nothing behind for a photo deleted while its variants are being rendered', async () => {
    const res = await upload(await detailedPhoto(1200, 900));
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    expect(await deleteMedia(t.orm.em.fork(), id)).toBe(true);
    await t.app.mediaVariants.idle();
    expect(existsSync(cacheDir(id))).toBe(false);
  });

  it('logs a variant that fails to render and goes on with the next photo, without throwing', async () => {
    const warnings: Array<{ obj: object; msg: string }> = [];
    const log: VariantsLog = { warn: (obj, msg) => warnings.push({ obj, msg }) };
    const variants = new MediaVariants(t.orm, mkdtempSync(path.join(os.tmpdir(), 'doodle-warm-')), { log });
    try {
      // A row claiming to be a JPEG whose bytes are not one (as if damaged on disk).
      const em = t.orm.em.fork();
      const broken = await storeMedia(em, {
        kind: 'image',
        mime: 'image/jpeg',
        ext: 'jpg',
        bytes: Buffer.from('not a photo at all'),
        width: 800,
        height: 600,
      });
      const good = await storeMedia(em, {
        kind: 'image',
        mime: 'image/png',
        ext: 'png',
        bytes: await solidImage(500, 400, 'png'),
        width: 500,
        height: 400,
      });
      variants.warm(broken);
      variants.warm(good);
      await variants.idle();

      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toBe('rendering a variant in the background failed');
      expect(warnings[0]!.obj).toMatchObject({ mediaId: broken.id, err: expect.any(Error) });
      const files = readdirSync(path.join(variants.cacheDir, good.id));
      // Widths above the original's 500 px are its own width; the original's PNG is the old browsers' format.
      expect(files).toEqual(
        expect.arrayContaining([`${good.sha256.slice(0, 16)}-w320-q75.avif`, `${good.sha256.slice(0, 16)}-w500-q80.png`]),
      );
      expect(files.filter((f) => f.endsWith('.avif')).length).toBeGreaterThan(0);
      expect(files.some((f) => f.includes('-w640-'))).toBe(false);
    } finally {
      await variants.dispose();
    }
  });
});
