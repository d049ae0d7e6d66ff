import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { buildApp } from '../../../server/app.ts';
import { storeMedia, mediaUrl } from './media-store.ts';
import { clampQuality, acceptedFormats, parseVariantQuery } from './variants.ts';
import { fixture, solidImage } from './media.test-helpers.ts';
import { signIn } from '../../../server/testing/auth.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const WEBP_ONLY = 'image/webp,*/*';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('media variants: GET /uploads/<id>.<ext>?w=&q=', () => {
  const t = useTestApp();
  const cacheDir = () => path.join(t.app.services.env.dataDir, 'media-cache');

  async function storeImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', alpha = false) {
    const bytes = await solidImage(width, height, format, alpha);
    const ext = format === 'jpeg' ? 'jpg' : format;
    const m = await storeMedia(t.orm.em.fork(), { kind: 'image', mime: `image/${format}`, ext, bytes, width, height });
    return { id: m.id, url: mediaUrl(m), bytes };
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('snaps the width to the ladder, negotiates AVIF, and caches forever with a strong ETag', async () => {
    const img = await storeImage(1200, 900);
    const res = await get(`${img.url}?w=600&q=75`, { accept: CHROME_ACCEPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toContain('Accept');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('heif');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(480);
    // Every width in the ladder's range lands on a ladder step.
    for (const [asked, snapped] of [
      [1, 40],
      [41, 160],
      [300, 320],
      [800, 800],
      [801, 1024],
    ] as const) {
      const r = await get(`${img.url}?w=${asked}`, { accept: WEBP_ONLY });
      expect((await sharp(r.rawPayload).metadata()).width, `w=${asked}`).toBe(snapped);
    }
  });

  it('?share=1 is the 1200x630 JPEG crop link previews show, whatever the browser accepts', async () => {
    for (const [w, h] of [
      [800, 1200],
      [3000, 1000],
    ] as const) {
      const img = await storeImage(w, h);
      const res = await get(`${img.url}?share=1`, { accept: CHROME_ACCEPT });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const out = await sharp(res.rawPayload).metadata();
      expect([out.width, out.height, out.format]).toEqual([1200, 630, 'jpeg']);
    }
    const small = await storeImage(400, 300);
    expect((await get(`${small.url}?share=2`)).statusCode).toBe(400);
    expect((await get(`${small.url}?share=2`)).json()).toEqual({
      message: 'share=1 asks for the 1200x630 sharing picture; no other value is known.',
    });
  });

  it('serves WebP when only WebP is accepted, and the original format when neither is', async () => {
    const img = await storeImage(800, 600);
    const webp = await get(`${img.url}?w=320&q=70`, { accept: WEBP_ONLY });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    const refused = await get(`${img.url}?w=320&q=70`, { accept: 'image/avif;q=0, image/webp' });
    expect(refused.headers['content-type']).toBe('image/webp');
    const jpeg = await get(`${img.url}?w=320&q=70`, { accept: '*/*' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');
    const none = await get(`${img.url}?w=320&q=70`);
    expect(none.headers['content-type']).toBe('image/jpeg');
    expect(new Set([webp.headers.etag, jpeg.headers.etag]).size).toBe(2);
    expect(jpeg.headers.vary).toContain('Accept');
  });

  it('keeps transparency for browsers without WebP: a PNG with alpha stays PNG, an opaque WebP becomes JPEG', async () => {
    const png = await storeImage(400, 300, 'png', true);
    const fromPng = await get(`${png.url}?w=160`, { accept: '*/*' });
    expect(fromPng.headers['content-type']).toBe('image/png');
    expect((await sharp(fromPng.rawPayload).metadata()).hasAlpha).toBe(true);
    const webp = await storeImage(400, 300, 'webp');
    const fromWebp = await get(`${webp.url}?w=160`, { accept: '*/*' });
    expect(fromWebp.headers['content-type']).toBe('image/jpeg');
  });

  it('never upscales: a width past the original serves the original width', async () => {
    const img = await storeImage(500, 250);
    for (const w of [640, 2048, 99999]) {
      const res = await get(`${img.url}?w=${w}`, { accept: WEBP_ONLY });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(500);
    }
    // All of them are one cached file.
    const a = await get(`${img.url}?w=640`, { accept: WEBP_ONLY });
    const b = await get(`${img.url}?w=99999`, { accept: WEBP_ONLY });
    expect(a.headers.etag).toBe(b.headers.etag);
  });

  it('clamps the quality to the allowed steps, and defaults it from the width as SPEC §7 says', async () => {
    expect([1, 30, 49, 50, 60, 72, 73, 77, 78, 100].map(clampQuality)).toEqual([30, 30, 30, 70, 70, 70, 75, 75, 80, 80]);
    const img = await storeImage(1000, 750);
    const q100 = await get(`${img.url}?w=800&q=100`, { accept: '*/*' });
    const q80 = await get(`${img.url}?w=800&q=80`, { accept: '*/*' });
    const defaulted = await get(`${img.url}?w=800`, { accept: '*/*' });
    expect(q100.headers.etag).toBe(q80.headers.etag);
    expect(defaulted.headers.etag).toBe(q80.headers.etag);
    const placeholder = await get(`${img.url}?w=40&q=30`, { accept: '*/*' });
    expect(placeholder.rawPayload.length).toBeLessThan(q80.rawPayload.length);
    expect(readdirSync(path.join(cacheDir(), img.id)).filter((f) => f.includes('-w800-'))).toHaveLength(1);
  });

  it('answers 304 to a matching If-None-Match, with the caching headers and no body', async () => {
    const img = await storeImage(600, 400);
    const first = await get(`${img.url}?w=480&q=75`, { accept: CHROME_ACCEPT });
    const etag = first.headers.etag as string;
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const again = await get(`${img.url}?w=480&q=75`, { accept: CHROME_ACCEPT, 'if-none-match': inm });
      expect(again.statusCode, inm).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
    }
    const other = await get(`${img.url}?w=480&q=75`, { accept: CHROME_ACCEPT, 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('lets any origin load public media (Cross-Origin-Resource-Policy: cross-origin: webmail, the e-mail preview); a private upload stays same-origin', async () => {
    const img = await storeImage(640, 480);
    const first = await get(`${img.url}?w=480`, { accept: CHROME_ACCEPT });
    // The second answer comes from the hot cache (a different code path), the third is a 304, the fourth a HEAD.
    const hot = await get(`${img.url}?w=480`, { accept: CHROME_ACCEPT });
    const notModified = await get(`${img.url}?w=480`, { accept: CHROME_ACCEPT, 'if-none-match': first.headers.etag as string });
    const head = await t.app.inject({ method: 'HEAD', url: img.url });
    for (const [what, res, status] of [
      ['first', first, 200],
      ['hot', hot, 200],
      ['304', notModified, 304],
      ['HEAD', head, 200],
    ] as const) {
      expect(res.statusCode, what).toBe(status);
      expect(res.headers['cross-origin-resource-policy'], what).toBe('cross-origin');
    }
    // A private photo: served to an admin at /private-media/, same-origin only; its public address is a 404, same-origin too.
    const bytes = await solidImage(64, 48, 'jpeg');
    const priv = await storeMedia(t.orm.em.fork(), {
      kind: 'image',
      mime: 'image/jpeg',
      ext: 'jpg',
      bytes,
      width: 64,
      height: 48,
      private: true,
    });
    const admin = await signIn(t.orm, { isAdmin: true });
    const own = await get(mediaUrl(priv).replace('/uploads/', '/private-media/'), { cookie: admin.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    const atPublic = await get(mediaUrl(priv));
    expect(atPublic.statusCode).toBe(404);
    expect(atPublic.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('without w serves the stored original byte for byte, cached and ETagged', async () => {
    const img = await storeImage(300, 200);
    const res = await get(img.url, { accept: CHROME_ACCEPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(img.bytes)).toBe(true);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary ?? '').not.toContain('Accept');
    const again = await get(img.url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(readdirSync(path.join(cacheDir(), img.id)).some((f) => f.includes('-original.jpg'))).toBe(true);
  });

  it('answers HEAD with the headers and length of GET and no body', async () => {
    const img = await storeImage(600, 400);
    const get1 = await get(`${img.url}?w=320`, { accept: WEBP_ONLY });
    const head = await t.app.inject({ method: 'HEAD', url: `${img.url}?w=320`, headers: { accept: WEBP_ONLY } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(get1.headers['content-length']);
    expect(head.headers.etag).toBe(get1.headers.etag);
  });

  it('answers 404 JSON for an unknown, malformed or mismatched media URL, and 400 for a bad width', async () => {
    const img = await storeImage(200, 100);
    for (const url of [
      '/uploads/00000000-0000-4000-8000-000000000000.jpg',
      '/uploads/not-a-uuid.jpg',
      '/uploads/%2e%2e%2fetc.jpg',
      `/uploads/${img.id}`,
      `/uploads/${img.id}.png`,
      `/uploads/${img.id}.jpg/more`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String) });
    }
    expect((await get('/uploads/00000000-0000-4000-8000-000000000000.jpg?w=320')).json()).toEqual({ message: 'Media not found.' });
    for (const q of ['w=abc', 'w=-5', 'w=0', 'w=1.5', 'w=1&w=2', 'q=high&w=320']) {
      const res = await get(`${img.url}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/\((w|q)\)/);
    }
    expect(parseVariantQuery({})).toEqual({ width: null, quality: null });
    expect(acceptedFormats('image/avif;q=0.0,image/webp;q=0.5')).toEqual({ avif: false, webp: true });
  });

  it('renders a variant once however many ask at the same time, and writes the cache atomically', async () => {
    const img = await storeImage(1600, 1200);
    const before = t.app.mediaVariants.renders;
    const results = await Promise.all(Array.from({ length: 8 }, () => get(`${img.url}?w=1024&q=80`, { accept: CHROME_ACCEPT })));
    expect(t.app.mediaVariants.renders - before).toBe(1);
    expect(new Set(results.map((r) => r.headers.etag)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200 && r.rawPayload.equals(results[0]!.rawPayload))).toBe(true);
    const files = readdirSync(path.join(cacheDir(), img.id));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.avif'))).toHaveLength(1);
  });

  it('serves from the disk cache after a restart without rendering again', async () => {
    const img = await storeImage(900, 600);
    const first = await get(`${img.url}?w=640&q=75`, { accept: WEBP_ONLY });
    const second = await buildApp({ orm: t.orm, env: t.env, closeOrm: false, logger: false });
    try {
      const res = await second.inject({ method: 'GET', url: `${img.url}?w=640&q=75`, headers: { accept: WEBP_ONLY } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.mediaVariants.renders).toBe(0);
    } finally {
      await second.close();
    }
  });

  describe('videos', () => {
    it('serves a stored video as stored, with byte ranges (206, 416) and Accept-Ranges', async () => {
      for (const [name, mime, ext] of [
        ['tiny.webm', 'video/webm', 'webm'],
        ['tiny.mp4', 'video/mp4', 'mp4'],
      ] as const) {
        const bytes = fixture(name);
        const m = await storeMedia(t.orm.em.fork(), { kind: 'video', mime, ext, bytes, width: null, height: null });
        const url = mediaUrl(m);
        const size = bytes.length;

        const full = await get(url);
        expect(full.statusCode).toBe(200);
        expect(full.headers['content-type']).toBe(mime);
        expect(full.headers['accept-ranges']).toBe('bytes');
        expect(full.headers['cache-control']).toBe(IMMUTABLE);
        expect(Number(full.headers['content-length'])).toBe(size);
        expect(full.rawPayload.equals(bytes)).toBe(true);

        const part = await get(url, { range: 'bytes=0-99' });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
        expect(part.headers['content-length']).toBe('100');
        expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

        const open = await get(url, { range: 'bytes=1000-' });
        expect(open.statusCode).toBe(206);
        expect(open.rawPayload.equals(bytes.subarray(1000))).toBe(true);

        const suffix = await get(url, { range: 'bytes=-50' });
        expect(suffix.headers['content-range']).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
        expect(suffix.rawPayload.equals(bytes.subarray(size - 50))).toBe(true);

        const tooFar = await get(url, { range: `bytes=${size}-` });
        expect(tooFar.statusCode).toBe(416);
        expect(tooFar.headers['content-range']).toBe(`bytes */${size}`);

        const stale = await get(url, { range: 'bytes=0-99', 'if-range': '"old-etag"' });
        expect(stale.statusCode).toBe(200);
        expect(stale.rawPayload.length).toBe(size);

        const sized = await get(`${url}?w=320&q=70`, { accept: CHROME_ACCEPT });
        expect(sized.headers['content-type']).toBe(mime);
        expect(sized.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('streams a large video from the disk cache, ranges and HEAD included', async () => {
      // Over the 512 KB that are kept in memory: these answers come from the file on disk.
      const bytes = Buffer.concat([fixture('tiny.webm'), Buffer.alloc(3 * 1024 * 1024, 7)]);
      bytes.writeUInt32BE(0xdeadbeef, 2_000_000);
      const m = await storeMedia(t.orm.em.fork(), { kind: 'video', mime: 'video/webm', ext: 'webm', bytes, width: null, height: null });
      const url = mediaUrl(m);
      const full = await get(url);
      expect(full.statusCode).toBe(200);
      expect(full.rawPayload.equals(bytes)).toBe(true);
      const part = await get(url, { range: 'bytes=2000000-2000003' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.readUInt32BE(0)).toBe(0xdeadbeef);
      const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-length']).toBe('10');
      expect(head.rawPayload.length).toBe(0);
      const notModified = await get(url, { 'if-none-match': full.headers.etag as string });
      expect(notModified.statusCode).toBe(304);
    });
  });
});
