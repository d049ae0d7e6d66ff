// Backups: a seeded site round-trips through db:backup / db:restore with every table and media byte identical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import type { MikroORM } from '@mikro-orm/postgresql';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { seedDemoContent } from './seed/seed.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from './testing/test-db.ts';

async function rows(orm: MikroORM, sql: string): Promise<Record<string, unknown>[]> {
  const db = orm.em.getConnection().getClient() as Kysely<unknown>;
  return (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sql))).rows;
}

/** Every site table as its rows' text, in primary-key order: what a byte-for-byte comparison needs. */
async function snapshot(orm: MikroORM): Promise<Record<string, string[]>> {
  const tables = await rows(
    orm,
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name === 'mikro_orm_migrations') continue;
    out[String(name)] = (await rows(orm, `select row_to_json(t)::text as j from "${String(name)}" t order by 1`)).map((r) => String(r.j));
  }
  return out;
}

async function mediaBytes(orm: MikroORM): Promise<{ id: string; bytes: Buffer }[]> {
  return (await rows(orm, 'select id, bytes from media order by id')).map((r) => ({
    id: String(r.id),
    bytes: Buffer.from(r.bytes as Uint8Array),
  }));
}

/** A new, migrated, empty embedded database (fresh PGlite, whatever the run's database is). */
async function embeddedDatabase(): Promise<TestDatabase> {
  const pglite = await PGlite.create();
  const orm = await openDatabase({ pglite });
  await orm.migrator.up();
  return {
    orm,
    close: async () => {
      await closeDatabase(orm);
      await pglite.close();
    },
  };
}

describe('backup and restore', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-backup-'));
  const file = path.join(dir, 'site.bak');
  let source: TestDatabase;
  let target: TestDatabase;
  let original: Record<string, string[]>;

  beforeAll(async () => {
    source = await embeddedDatabase();
    expect(await seedDemoContent(source.orm.em.fork(), { force: false })).toBe(true);
    original = await snapshot(source.orm);
    await backupDatabase(source.orm, file);
  });
  afterAll(async () => {
    await target?.close();
    await source?.close();
  });

  it('restores a seeded embedded site into an empty database with every table and media file identical', async () => {
    target = await embeddedDatabase();
    await restoreDatabase(target.orm, file);
    expect(Object.values(original).flat().length).toBeGreaterThan(0);
    expect(original.media?.length).toBeGreaterThan(0);
    expect(await snapshot(target.orm)).toEqual(original);
    const [before, after] = [await mediaBytes(source.orm), await mediaBytes(target.orm)];
    expect(after.map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect(after[0]!.bytes.length).toBeGreaterThan(1000);
    expect(after[0]!.bytes.equals(before[0]!.bytes)).toBe(true);
  });

  it('moves the id sequences past the restored ids, so the next insert does not collide', async () => {
    const [{ max }] = (await rows(target.orm, 'select max(id)::int as max from litters')) as [{ max: number }];
    const [{ next }] = (await rows(target.orm, `select nextval(pg_get_serial_sequence('litters', 'id'))::int as next`)) as [{ next: number }];
    expect(max).toBeGreaterThan(0);
    expect(next).toBe(max + 1);
  });

  it('refuses to overwrite a database with content unless forced, and then replaces it', async () => {
    await rows(target.orm, `update litters set name = 'Changed after the backup'`);
    const refused = await restoreDatabase(target.orm, file).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/not empty.*--force/s);
    expect((await snapshot(target.orm)).litters).not.toEqual(original.litters);
    await restoreDatabase(target.orm, file, { force: true });
    expect(await snapshot(target.orm)).toEqual(original);
  });

  it('refuses a file that is not a backup with a clear message', async () => {
    const refused = await restoreDatabase(target.orm, path.join(dir, 'missing.bak')).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/Cannot read .*missing\.bak/);
    const notABackup = path.join(dir, 'not-a-backup.bak');
    await writeFile(notABackup, 'hello');
    const refusedToo = await restoreDatabase(target.orm, notABackup).then(() => null, (e: unknown) => e);
    expect((refusedToo as Error).message).toMatch(/is not a backup made by db:backup/);
  });

  it.runIf(serverUrl())('restores the embedded backup into a PostgreSQL server identically (needs TEST_DATABASE_URL)', async () => {
    const server = await createTestDatabase();
    try {
      await restoreDatabase(server.orm, file);
      expect(await snapshot(server.orm)).toEqual(original);
      const [before, after] = [await mediaBytes(source.orm), await mediaBytes(server.orm)];
      expect(after.every((m, i) => m.id === before[i]!.id && m.bytes.equals(before[i]!.bytes))).toBe(true);
      // And back: a backup made on the server restores into the embedded database identically.
      const fromServer = path.join(dir, 'server.bak');
      await backupDatabase(server.orm, fromServer);
      await restoreDatabase(target.orm, fromServer, { force: true });
      expect(await snapshot(target.orm)).toEqual(original);
    } finally {
      await server.close();
    }
  });
});
