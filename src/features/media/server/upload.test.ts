import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, beforeAll, vi } from 'vitest';
import sharp from 'sharp';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { Media } from './media.entity.ts';
import { deleteMedia } from './media.service.ts';
import { loadMediaBytes } from './media-store.ts';
import { sweepStaleUploads } from './upload.ts';
import {
  SECRET,
  coverArtVideo,
  fixture,
  gpsVideo,
  jpegPart,
  multipartBody,
  phonePhoto,
  pngBomb,
  probeDuration,
  probeStreams,
  probeTags,
  solidImage,
  VIDEO_LOCATION,
  pdfPart,
  tinyPdf,
  type FieldPart,
  type FilePart,
} from './media.test-helpers.ts';
import { DOCUMENT_MAX_BYTES, MEDIA_MESSAGES, PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from '../media.schema.ts';

const ACCEPTS = ['image/avif,image/webp,*/*', 'image/webp,*/*', '*/*'];

describe('POST /api/admin/media', () => {
  const t = useTestApp();
  let admin: string;
  let member: string;

  beforeAll(async () => {
    admin = (await signIn(t.orm, { isAdmin: true })).cookie;
    member = (await signIn(t.orm, { isAdmin: false })).cookie;
  });

  const upload = (parts: Array<FilePart | FieldPart>, cookie: string | null = admin, opts: { cutAfter?: number } = {}) => {
    const { payload, headers } = multipartBody(parts, opts);
    return t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  };
  const count = () => t.orm.em.fork().count(Media);
  // A video's bytes are media_chunk rows, a photo's one value: read back the way the server reads them.
  const storedBytes = async (id: string) => (await loadMediaBytes(t.orm.em.fork(), id))!;
  const tmpDir = () => path.join(t.app.services.env.dataDir, 'media-tmp');
  const leftovers = () => (existsSync(tmpDir()) ? readdirSync(tmpDir()) : []);

  /** A photo carries no metadata at all, and not a byte of the planted secret. */
  async function expectNoMetadata(bytes: Buffer, label: string) {
    const meta = await sharp(bytes).metadata();
    expect(meta.exif, label).toBeUndefined();
    expect(meta.xmp, label).toBeUndefined();
    expect(meta.iptc, label).toBeUndefined();
    expect(meta.icc, label).toBeUndefined();
    const latin = bytes.toString('latin1');
    expect(latin.includes(SECRET), label).toBe(false);
    expect(latin.includes('PhoneMaker'), label).toBe(false);
    expect(latin.includes('Exif\0\0'), label).toBe(false);
  }

  it('refuses a signed-out upload with 401 and a non-admin with 403, storing nothing', async () => {
    const photo = await phonePhoto();
    const before = await count();
    const anonymous = await upload([jpegPart(photo)], null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in first.' });
    const user = await upload([jpegPart(photo)], member);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'You need administrator privileges to do that.' });
    expect(await count()).toBe(before);
  });

  it('stores a phone JPEG upright and without its GPS EXIF, in the stored bytes and every served variant', async () => {
    const photo = await phonePhoto({ width: 400, height: 300, orientation: 6 });
    const original = await sharp(photo).metadata();
    expect(original.orientation).toBe(6);
    expect(photo.toString('latin1').includes(SECRET)).toBe(true);

    const res = await upload([jpegPart(photo, 'IMG_0001.JPG')]);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; url: string; mime: string; width: number; height: number };
    expect(body).toEqual({
      id: expect.any(String),
      url: `/uploads/${body.id}.jpg`,
      mime: 'image/jpeg',
      width: 300,
      height: 400,
      filename: null,
      size: expect.any(Number),
    });

    const stored = await storedBytes(body.id);
    await expectNoMetadata(stored, 'stored original');
    const storedMeta = await sharp(stored).metadata();
    expect([storedMeta.width, storedMeta.height, storedMeta.orientation ?? 1]).toEqual([300, 400, 1]);
    // Rotated 90° clockwise: the red left half is now on top, the blue right half at the bottom.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [topR, , topB] = pixel(150, 20);
    const [bottomR, , bottomB] = pixel(150, 380);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);

    for (const accept of ACCEPTS) {
      for (const query of ['', '?w=40&q=30', '?w=320&q=70', '?w=600&q=75', '?w=1280&q=80']) {
        const variant = await t.app.inject({ method: 'GET', url: `${body.url}${query}`, headers: { accept } });
        expect(variant.statusCode).toBe(200);
        await expectNoMetadata(variant.rawPayload, `${query || 'original'} for ${accept}`);
      }
    }
  });

  it('caps the long edge at 4096 px and keeps the aspect ratio', async () => {
    const big = await solidImage(5000, 2500, 'png');
    const res = await upload([{ name: 'file', filename: 'wide.png', contentType: 'image/png', data: big }]);
    expect(res.statusCode).toBe(201);
    // An opaque PNG is a photo like any other: stored as JPEG.
    expect(res.json()).toMatchObject({ mime: 'image/jpeg', width: 4096, height: 2048 });
    const meta = await sharp(await storedBytes(res.json().id)).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 2048]);
  });

  it('keeps a PNG with transparency as PNG, WebP as WebP; AVIF becomes JPEG; small images are not enlarged', async () => {
    const alpha = await upload([
      { name: 'file', filename: 'logo.png', contentType: 'image/png', data: await solidImage(120, 80, 'png', true) },
    ]);
    expect(alpha.json()).toMatchObject({ mime: 'image/png', width: 120, height: 80 });
    expect(alpha.json().url).toMatch(/\.png$/);
    expect((await sharp(await storedBytes(alpha.json().id)).metadata()).hasAlpha).toBe(true);

    const webp = await upload([{ name: 'file', filename: 'a.webp', contentType: 'image/webp', data: await solidImage(200, 100, 'webp') }]);
    expect(webp.json()).toMatchObject({ mime: 'image/webp', width: 200, height: 100 });

    const avif = await upload([{ name: 'file', filename: 'a.avif', contentType: 'image/avif', data: await solidImage(200, 100, 'avif') }]);
    expect(avif.statusCode).toBe(201);
    expect(avif.json()).toMatchObject({ mime: 'image/jpeg', width: 200, height: 100 });
  });

  it('converts an iPhone HEIC photo to JPEG without its metadata', async () => {
    const heic = fixture('tiny.heic');
    expect(heic.toString('latin1').includes('Exif')).toBe(true);
    const res = await upload([{ name: 'file', filename: 'IMG_0002.HEIC', contentType: 'image/heic', data: heic }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime: 'image/jpeg', width: 64, height: 48 });
    await expectNoMetadata(await storedBytes(res.json().id), 'HEIC → JPEG');
    expect(leftovers()).toEqual([]);
  });

  it('stores MP4 and WebM videos remuxed, still playable', async () => {
    for (const [name, mime] of [
      ['tiny.mp4', 'video/mp4'],
      ['tiny.webm', 'video/webm'],
    ] as const) {
      const bytes = fixture(name);
      // The name and the declared type are ignored: the content decides.
      const res = await upload([{ name: 'file', filename: 'clip.bin', contentType: 'application/octet-stream', data: bytes }]);
      expect(res.statusCode, name).toBe(201);
      expect(res.json()).toMatchObject({ mime, width: null, height: null });
      const stored = await storedBytes(res.json().id);
      expect(probeDuration(tmpDir(), stored), name).toBeCloseTo(1, 1);
      const ranged = await t.app.inject({ method: 'GET', url: res.json().url, headers: { range: 'bytes=0-9' } });
      expect(ranged.statusCode).toBe(206);
    }
    expect(leftovers()).toEqual([]);
  });

  it('removes where a video was filmed (QuickTime Keys and udta ©xyz) from every form it is served in', async () => {
    mkdirSync(tmpDir(), { recursive: true });
    const video = gpsVideo(tmpDir());
    // The fixture really carries the location both ways.
    const latin = video.toString('latin1');
    expect(latin.split(VIDEO_LOCATION).length - 1).toBe(3);
    expect(latin).toContain('com.apple.quicktime.location.ISO6709');
    expect(latin).toContain('mdta');
    expect(latin).toContain('\u00a9xyz');
    expect(probeTags(tmpDir(), video)).toContain(`location=${VIDEO_LOCATION}/`);

    const res = await upload([{ name: 'file', filename: 'IMG_0042.MP4', contentType: 'video/mp4', data: video }]);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    expect(url).toBe(`/uploads/${id}.mp4`);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    const served = full.rawPayload;
    expect(sha(served)).not.toBe(sha(video));
    expect(served.equals(await storedBytes(id))).toBe(true);
    const noLocation = (bytes: Buffer, label: string) => {
      const text = bytes.toString('latin1');
      expect(text.includes('39.7392'), label).toBe(false);
      expect(text.includes('104.9903'), label).toBe(false);
      expect(text.includes('ISO6709'), label).toBe(false);
      expect(text.includes('\u00a9xyz'), label).toBe(false);
      expect(text.includes('loci'), label).toBe(false);
      expect(text.includes('mdta'), label).toBe(false);
    };
    noLocation(served, 'full');
    expect(probeTags(tmpDir(), served)).not.toMatch(/location|ISO6709/i);
    expect(probeDuration(tmpDir(), served)).toBeCloseTo(1, 1);

    // Every byte range a player may ask for, stitched back together, is the same clean file.
    const size = served.length;
    const third = Math.ceil(size / 3);
    const ranges = [`bytes=0-${third - 1}`, `bytes=${third}-${2 * third - 1}`, `bytes=${2 * third}-`];
    const pieces: Buffer[] = [];
    for (const range of ranges) {
      const part = await t.app.inject({ method: 'GET', url, headers: { range } });
      expect(part.statusCode, range).toBe(206);
      noLocation(part.rawPayload, range);
      pieces.push(part.rawPayload);
    }
    expect(Buffer.concat(pieces).equals(served)).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-2000' } });
    expect(tail.statusCode).toBe(206);
    noLocation(tail.rawPayload, 'suffix range');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(Number(head.headers['content-length'])).toBe(size);
    expect(leftovers()).toEqual([]);
  });

  it("drops a video's cover art, whose EXIF says where it was taken: one video and one audio stream are kept", async () => {
    mkdirSync(tmpDir(), { recursive: true });
    const { video, coverExif } = await coverArtVideo(tmpDir());
    // The fixture really carries a cover picture, with its GPS EXIF intact.
    expect(probeStreams(tmpDir(), video)).toEqual([
      { type: 'video', codec: 'h264', attachedPic: false },
      { type: 'audio', codec: 'aac', attachedPic: false },
      { type: 'video', codec: 'mjpeg', attachedPic: true },
    ]);
    expect(video.includes(coverExif)).toBe(true);
    expect(video.toString('latin1')).toContain(SECRET);

    const res = await upload([{ name: 'file', filename: 'IMG_0043.MP4', contentType: 'video/mp4', data: video }]);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    const stored = await storedBytes(id);
    const served = (await t.app.inject({ method: 'GET', url })).rawPayload;
    expect(served.equals(stored)).toBe(true);
    expect(probeStreams(tmpDir(), stored)).toEqual([
      { type: 'video', codec: 'h264', attachedPic: false },
      { type: 'audio', codec: 'aac', attachedPic: false },
    ]);
    expect(stored.includes(coverExif)).toBe(false);
    const text = stored.toString('latin1');
    expect(text.includes(SECRET)).toBe(false);
    expect(text.includes('PhoneMaker')).toBe(false);
    expect(text.includes('Exif\0\0')).toBe(false);
    expect(probeDuration(tmpDir(), stored)).toBeCloseTo(1, 1);
    expect(leftovers()).toEqual([]);
  });

  it('refuses videos with a clear message where ffmpeg is missing, rather than store their location', async () => {
    const before = await count();
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const res = await upload([{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: fixture('tiny.mp4') }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MEDIA_MESSAGES.videoUnsupported });
    } finally {
      process.env.PATH = path;
    }
    expect(await count()).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a broken video with 400 and a clear message', async () => {
    const before = await count();
    const broken = Buffer.concat([fixture('tiny.mp4').subarray(0, 64), Buffer.alloc(4096, 7)]);
    const res = await upload([{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: broken }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MEDIA_MESSAGES.videoUnreadable });
    expect(await count()).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('sniffs the type from the content, never the name', async () => {
    const jpegNamedPng = await upload([jpegPart(await solidImage(50, 50, 'jpeg'), 'picture.png', 'image/png')]);
    expect(jpegNamedPng.statusCode).toBe(201);
    expect(jpegNamedPng.json().mime).toBe('image/jpeg');

    const before = await count();
    const refused: Array<[string, Buffer]> = [
      ['a script named .jpg', Buffer.from('<script>alert(1)</script>'.repeat(300))],
      [
        'a GIF',
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ],
      ['a PDF', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 32)])],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')],
    ];
    for (const [label, data] of refused) {
      const res = await upload([jpegPart(data, 'photo.jpg', 'image/jpeg')]);
      expect(res.statusCode, label).toBe(415);
      expect(res.json(), label).toEqual({ message: MEDIA_MESSAGES.wrongType });
    }
    expect(await count()).toBe(before);
  });

  it('a document field takes a real PDF only, kept byte for byte and downloaded under its own name', async () => {
    const pdf = tinyPdf();
    const res = await upload([{ name: 'kind', value: 'document' }, pdfPart(pdf, 'Go-home care sheet – Maple.pdf')]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ mime: 'application/pdf', filename: 'Go-home care sheet – Maple.pdf', size: pdf.length, width: null });
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.pdf$/);
    expect(await storedBytes(body.id)).toEqual(pdf);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Go-home care sheet _ Maple.pdf"; filename*=UTF-8''Go-home%20care%20sheet%20%E2%80%93%20Maple.pdf`,
    );
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.rawPayload).toEqual(pdf);
    // A width asks for a photo variant: a document is only ever its original.
    expect((await t.app.inject({ method: 'GET', url: `${body.url}?w=160` })).rawPayload).toEqual(pdf);

    const before = await count();
    const notPdf: Array<[string, Buffer]> = [
      ['a JPEG named .pdf', await solidImage(40, 30, 'jpeg')],
      ['text named .pdf', Buffer.from('Hello, this is not a PDF at all.\n'.repeat(200))],
      ['an HTML page named .pdf', Buffer.from('<!doctype html><script>alert(1)</script>'.repeat(100))],
    ];
    for (const [label, data] of notPdf) {
      const refused = await upload([{ name: 'kind', value: 'document' }, pdfPart(data)]);
      expect(refused.statusCode, label).toBe(415);
      expect(refused.json(), label).toEqual({ message: MEDIA_MESSAGES.notPdf });
    }
    const tooBig = await upload([{ name: 'kind', value: 'document' }, pdfPart(Buffer.concat([pdf, Buffer.alloc(DOCUMENT_MAX_BYTES, 32)]))]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: MEDIA_MESSAGES.documentTooLarge });
    const badKind = await upload([{ name: 'kind', value: 'spreadsheet' }, pdfPart(pdf)]);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toEqual({ message: MEDIA_MESSAGES.badKind });
    // A photo field (no kind) still refuses a PDF, and a document field a photo.
    expect((await upload([pdfPart(pdf)])).statusCode).toBe(415);
    expect(await count()).toBe(before);
  });

  it('refuses corrupt and truncated photos with a clear 400 and stores nothing', async () => {
    const good = await phonePhoto({ width: 800, height: 600 });
    const before = await count();
    const corrupt = Buffer.concat([good.subarray(0, 600), Buffer.alloc(20_000, 0x55)]);
    const cases: Array<[string, Buffer]> = [
      ['truncated JPEG', good.subarray(0, Math.floor(good.length * 0.6))],
      ['JPEG header then noise', corrupt],
      ['PNG signature only', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])],
    ];
    for (const [label, data] of cases) {
      const res = await upload([jpegPart(data)]);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toBe(MEDIA_MESSAGES.unreadable);
    }
    expect(await count()).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const before = await count();
    const started = performance.now();
    for (const [w, h] of [
      [30_000, 30_000],
      [10_000, 5_001],
    ]) {
      const res = await upload([{ name: 'file', filename: 'bomb.png', contentType: 'image/png', data: pngBomb(w, h) }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MEDIA_MESSAGES.tooManyPixels });
    }
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await count()).toBe(before);
    // The server is unharmed.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses a photo over 20 MB and a video over 200 MB with 413, while they stream in', async () => {
    const before = await count();
    const jpegStart = (await solidImage(16, 16, 'jpeg')).subarray(0, 200);
    const huge = Buffer.concat([jpegStart, Buffer.alloc(PHOTO_MAX_BYTES + 1024, 1)]);
    const photo = await upload([jpegPart(huge)]);
    expect(photo.statusCode).toBe(413);
    expect(photo.json()).toEqual({ message: MEDIA_MESSAGES.photoTooLarge });

    // 200 MB + 1 KB of "video", generated while it is sent rather than held in memory.
    const boundary = '----media-test-video';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const mp4Start = fixture('tiny.mp4').subarray(0, 64);
    let remaining = VIDEO_MAX_BYTES + 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0);
    const stream = Readable.from(
      (function* () {
        yield head;
        yield mp4Start;
        while (remaining > 0) {
          const n = Math.min(remaining, chunk.length);
          remaining -= n;
          yield chunk.subarray(0, n);
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const video = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload: stream,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: admin },
    });
    expect(video.statusCode).toBe(413);
    expect(video.json()).toEqual({ message: MEDIA_MESSAGES.videoTooLarge });
    expect(await count()).toBe(before);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('answers an upload cut off mid-way with 400, storing nothing and leaving no temporary file', async () => {
    const photo = await phonePhoto({ width: 1200, height: 900 });
    const before = await count();
    const { payload } = multipartBody([jpegPart(photo)]);
    const res = await upload([jpegPart(photo)], admin, { cutAfter: Math.floor(payload.length / 2) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MEDIA_MESSAGES.interrupted });
    expect(await count()).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('survives a client that disconnects in the middle of a real upload', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const photo = await phonePhoto({ width: 1600, height: 1200 });
    const { payload, headers } = multipartBody([jpegPart(photo)]);
    const before = await count();
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/admin/media HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin}\r\n` +
            `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
        );
        // Disconnect once the server is writing the upload to its temporary file.
        socket.write(payload.subarray(0, Math.floor(payload.length / 2)), () => {
          vi.waitFor(() => expect(leftovers().length).toBeGreaterThan(0), { timeout: 10_000, interval: 10 }).then(
            () => socket.destroy(),
            reject,
          );
        });
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server notices the disconnect and removes the partial file.
    await vi.waitFor(() => expect(leftovers()).toEqual([]), { timeout: 10_000, interval: 20 });
    expect(await count()).toBe(before);
    const health = await fetch(`${address}/healthz`);
    expect(health.status).toBe(200);
    const again = await upload([jpegPart(await solidImage(40, 40, 'jpeg'))]);
    expect(again.statusCode).toBe(201);
  });

  it('removes partial uploads that a crashed process left behind, but not recent ones', async () => {
    mkdirSync(tmpDir(), { recursive: true });
    const old = path.join(tmpDir(), 'upload-left-by-a-crash');
    const recent = path.join(tmpDir(), 'upload-in-progress-elsewhere');
    writeFileSync(old, 'partial');
    writeFileSync(recent, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepStaleUploads(tmpDir())).toBe(1);
    expect(leftovers()).toEqual(['upload-in-progress-elsewhere']);
    rmSync(recent);
  });

  it('asks for the file when there is none, or only one at a time', async () => {
    const none = await upload([{ name: 'title', value: 'no file here' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: MEDIA_MESSAGES.noFile });
    const wrongField = await upload([{ ...jpegPart(await solidImage(20, 20, 'jpeg')), name: 'photo' }]);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload: { file: 'x' }, headers: { cookie: admin } });
    expect(json.statusCode).toBe(415);
    const small = await solidImage(20, 20, 'jpeg');
    const two = await upload([jpegPart(small), jpegPart(small, 'second.jpg')]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: MEDIA_MESSAGES.oneFile });
    const fields = await upload([...Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, value: 'x' })), jpegPart(small)]);
    expect(fields.statusCode).toBe(400);
    expect(fields.json()).toEqual({ message: MEDIA_MESSAGES.tooManyFields });
    const before = await count();
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload: 'this is not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', cookie: admin },
    });
    expect(garbage.statusCode).toBe(400);
    for (const [type, payload] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nv\r\n--x--\r\n'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { 'content-type': type, cookie: admin },
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual({ message: MEDIA_MESSAGES.badForm });
    }
    expect(await count()).toBe(before);
  });

  it('says plainly when HEIC cannot be converted on this machine', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const res = await upload([{ name: 'file', filename: 'IMG.HEIC', contentType: 'image/heic', data: fixture('tiny.heic') }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: MEDIA_MESSAGES.heicUnsupported });
    } finally {
      process.env.PATH = path;
    }
  });

  it('keeps multipart out of every other path', async () => {
    const { payload, headers } = multipartBody([jpegPart(await solidImage(20, 20, 'jpeg'))]);
    for (const url of ['/api/inquiries', '/api/subscribers', '/trpc/inquiries.create']) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: admin } });
      expect(res.statusCode, url).toBe(415);
    }
  });

  it('clears the replaced image: its original and every cached variant', async () => {
    const first = (await upload([jpegPart(await phonePhoto())])).json() as { id: string; url: string };
    for (const accept of ACCEPTS) await t.app.inject({ method: 'GET', url: `${first.url}?w=320&q=70`, headers: { accept } });
    const cacheDir = path.join(t.app.services.env.dataDir, 'media-cache', first.id);
    expect(readdirSync(cacheDir).length).toBeGreaterThanOrEqual(4);

    const replaced = await upload([{ name: 'replaces', value: first.id }, jpegPart(await solidImage(300, 200, 'jpeg'))]);
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json().id).not.toBe(first.id);
    expect(existsSync(cacheDir)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `${first.url}?w=320&q=70` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${replaced.json().url}?w=320&q=70` })).statusCode).toBe(200);

    const bad = await upload([{ name: 'replaces', value: 'nope' }, jpegPart(await solidImage(30, 20, 'jpeg'))]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MEDIA_MESSAGES.badReplaces });
  });

  it('deleteMedia removes the row and clears its cache', async () => {
    const a = (await upload([jpegPart(await solidImage(300, 200, 'jpeg'))])).json() as { id: string; url: string };
    await t.app.inject({ method: 'GET', url: `${a.url}?w=160` });
    const dir = path.join(t.app.services.env.dataDir, 'media-cache', a.id);
    expect(existsSync(dir)).toBe(true);
    expect(await deleteMedia(t.orm.em.fork(), a.id)).toBe(true);
    expect(existsSync(dir)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(404);
    expect(await deleteMedia(t.orm.em.fork(), a.id)).toBe(false);
  });
});
