// Videos are stored as media_chunk rows, written and read one piece at a time, and still served whole
// and by byte range, deleted with their row, carried by backups, and moved there by the migration.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { useTestApp, testEnv } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { createTestDatabase } from '../../../server/testing/test-db.ts';
import { buildApp } from '../../../server/app.ts';
import { backupDatabase, restoreDatabase } from '../../../server/backup.ts';
import { Media } from './media.entity.ts';
import { deleteMedia } from './media.service.ts';
import { MEDIA_CHUNK_BYTES, loadMediaBytes, mediaUrl, storeMedia } from './media-store.ts';
import { fixture, multipartBody, noisyVideo, probeDuration, solidImage } from './media.test-helpers.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function chunksOf(orm: MikroORM, id: string): Promise<number[]> {
  const rows = await orm.em
    .fork()
    .execute<Array<{ seq: number; n: number }>>(
      'select "seq", length("bytes") as "n" from "media_chunk" where "media_id" = ? order by "seq"',
      [id],
    );
  expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i));
  return rows.map((r) => Number(r.n));
}

describe('videos stored in pieces', () => {
  const t = useTestApp();
  let admin: string;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'doodle-chunks-'));

  beforeAll(async () => {
    admin = (await signIn(t.orm, { isAdmin: true })).cookie;
  });

  it('stores an uploaded video larger than one piece in pieces, and serves it whole and across a piece boundary', async () => {
    const video = noisyVideo(tmp);
    expect(video.length).toBeGreaterThan(2 * MEDIA_CHUNK_BYTES);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'noise.mp4', contentType: 'video/mp4', data: video }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { ...headers, cookie: admin } });
    expect(res.statusCode).toBe(201);
    const { id, url, size } = res.json() as { id: string; url: string; size: number };

    // The media row holds no bytes; the pieces hold all of them, full-size but the last.
    const [row] = await t.orm.em
      .fork()
      .execute<Array<{ whole: boolean; size: number; sha256: string }>>(
        'select "bytes" is not null as "whole", "size", "sha256" from "media" where "id" = ?',
        [id],
      );
    expect(row!.whole).toBe(false);
    const pieces = await chunksOf(t.orm, id);
    expect(pieces.length).toBe(Math.ceil(size / MEDIA_CHUNK_BYTES));
    expect(pieces.slice(0, -1).every((n) => n === MEDIA_CHUNK_BYTES)).toBe(true);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(size);
    const stored = (await loadMediaBytes(t.orm.em.fork(), id))!;
    expect(stored.length).toBe(size);
    expect(sha256(stored)).toBe(row!.sha256);
    expect(probeDuration(tmp, stored)).toBeCloseTo(1.5, 1);

    // Served by this instance (its cache was primed from the remuxed file) and by a fresh one whose
    // cache is empty, so that the original is streamed from the pieces in the database.
    const fresh = await buildApp({ orm: t.orm, env: testEnv(), closeOrm: false, logger: false });
    try {
      for (const [label, app] of [
        ['primed', t.app],
        ['from the database', fresh],
      ] as const) {
        const full = await app.inject({ method: 'GET', url });
        expect(full.statusCode, label).toBe(200);
        expect(Number(full.headers['content-length']), label).toBe(size);
        expect(full.rawPayload.equals(stored), label).toBe(true);

        const [start, end] = [MEDIA_CHUNK_BYTES - 1000, MEDIA_CHUNK_BYTES + 999];
        const part = await app.inject({ method: 'GET', url, headers: { range: `bytes=${start}-${end}` } });
        expect(part.statusCode, label).toBe(206);
        expect(part.headers['content-range'], label).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.rawPayload.equals(stored.subarray(start, end + 1)), label).toBe(true);

        const tail = await app.inject({ method: 'GET', url, headers: { range: `bytes=${2 * MEDIA_CHUNK_BYTES - 10}-` } });
        expect(tail.statusCode, label).toBe(206);
        expect(tail.rawPayload.equals(stored.subarray(2 * MEDIA_CHUNK_BYTES - 10)), label).toBe(true);
      }
      expect(fresh.mediaVariants.renders).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('writes a video given in memory in pieces too, of any size, and reads it back byte for byte', async () => {
    const bytes = fixture('tiny.webm');
    const m = await storeMedia(
      t.orm.em.fork(),
      { kind: 'video', mime: 'video/webm', ext: 'webm', bytes, width: null, height: null },
      { chunkBytes: 1000 },
    );
    expect((await chunksOf(t.orm, m.id)).length).toBe(Math.ceil(bytes.length / 1000));
    expect(m.size).toBe(bytes.length);
    expect(m.sha256).toBe(sha256(bytes));
    expect((await loadMediaBytes(t.orm.em.fork(), m.id))!.equals(bytes)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: mediaUrl(m), headers: { range: 'bytes=990-1009' } });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.equals(bytes.subarray(990, 1010))).toBe(true);
  });

  it('stores nothing when a video cannot be read to the end', async () => {
    const before = await t.orm.em.fork().count(Media);
    const missing = path.join(tmp, 'gone.mp4');
    await expect(
      storeMedia(t.orm.em.fork(), { kind: 'video', mime: 'video/mp4', ext: 'mp4', file: missing, width: null, height: null }),
    ).rejects.toThrow();
    expect(await t.orm.em.fork().count(Media)).toBe(before);
  });

  it('deletes the pieces with their media row', async () => {
    const m = await storeMedia(
      t.orm.em.fork(),
      { kind: 'video', mime: 'video/mp4', ext: 'mp4', bytes: fixture('tiny.mp4'), width: null, height: null },
      { chunkBytes: 1000 },
    );
    expect((await chunksOf(t.orm, m.id)).length).toBeGreaterThan(1);
    expect(await deleteMedia(t.orm.em.fork(), m.id)).toBe(true);
    expect(await chunksOf(t.orm, m.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: mediaUrl(m) })).statusCode).toBe(404);
  });

  it('round-trips videos and photos through a backup and restore', async () => {
    const video = await storeMedia(
      t.orm.em.fork(),
      { kind: 'video', mime: 'video/webm', ext: 'webm', bytes: fixture('tiny.webm'), width: null, height: null },
      { chunkBytes: 2048 },
    );
    const photo = await storeMedia(t.orm.em.fork(), {
      kind: 'image',
      mime: 'image/jpeg',
      ext: 'jpg',
      bytes: await solidImage(64, 48, 'jpeg'),
      width: 64,
      height: 48,
    });
    const file = path.join(tmp, 'site.bak');
    await backupDatabase(t.orm, file);
    const target = await createTestDatabase();
    try {
      await restoreDatabase(target.orm, file);
      for (const m of [video, photo]) {
        expect((await loadMediaBytes(target.orm.em.fork(), m.id))!.equals((await loadMediaBytes(t.orm.em.fork(), m.id))!)).toBe(true);
      }
      expect(await chunksOf(target.orm, video.id)).toEqual(await chunksOf(t.orm, video.id));
      // The restored foreign key still cascades.
      await target.orm.em.fork().nativeDelete(Media, { id: video.id });
      expect(await chunksOf(target.orm, video.id)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('the migration moves videos stored whole into pieces, and back when undone', async () => {
    const db = await createTestDatabase();
    try {
      const { orm } = db;
      await orm.migrator.down({ to: 'Migration20261125132425_portal' });
      const bytes = Buffer.concat([fixture('tiny.webm'), Buffer.alloc(MEDIA_CHUNK_BYTES + 10, 3)]);
      const id = '0b9c2c52-7a0e-4c57-9d0e-1c2d3e4f5a6b';
      await orm.em
        .fork()
        .execute(
          `insert into "media" ("id", "kind", "mime", "ext", "bytes", "size", "sha256", "created_at") values (?, 'video', 'video/webm', 'webm', ?, ?, ?, now())`,
          [id, bytes, bytes.length, sha256(bytes)],
        );
      await orm.migrator.up();
      expect(await chunksOf(orm, id)).toEqual([MEDIA_CHUNK_BYTES, bytes.length - MEDIA_CHUNK_BYTES]);
      expect((await loadMediaBytes(orm.em.fork(), id))!.equals(bytes)).toBe(true);

      await orm.migrator.down({ to: 'Migration20261125132425_portal' });
      const [row] = await orm.em.fork().execute<Array<{ bytes: Uint8Array }>>('select "bytes" from "media" where "id" = ?', [id]);
      expect(Buffer.from(row!.bytes).equals(bytes)).toBe(true);
      await orm.migrator.up();
    } finally {
      await db.close();
    }
  });
});
