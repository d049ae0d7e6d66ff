// The demo photos' cache: painted once into DEMO_PHOTO_CACHE, then read back instead of painted again.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { closeDemoPhotos, demoPhoto } from './demo-photos.ts';

describe('demo photos with a cache folder', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-demo-photos-'));
  const before = process.env.DEMO_PHOTO_CACHE;
  process.env.DEMO_PHOTO_CACHE = dir;
  // Test files share their worker's process (vitest.config.ts: isolate false): the next file paints its own photos.
  afterAll(() => {
    closeDemoPhotos();
    if (before === undefined) delete process.env.DEMO_PHOTO_CACHE;
    else process.env.DEMO_PHOTO_CACHE = before;
  });

  it('paints a photo once, keeps it, and answers the kept bytes after', async () => {
    const first = await demoPhoto(3, 'Cached caption');
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 900]);
    const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
    expect(files).toHaveLength(1);
    // What is read back is the kept file: change it, and the next answer is the changed bytes.
    await writeFile(path.join(dir, files[0]!), Buffer.from('kept'));
    expect((await demoPhoto(3, 'Cached caption')).toString()).toBe('kept');
  });

  it('keeps another caption or index apart', async () => {
    await demoPhoto(3, 'Another caption');
    await demoPhoto(4, 'Cached caption');
    expect(readdirSync(dir).filter((f) => f.endsWith('.jpg'))).toHaveLength(3);
  });
});
