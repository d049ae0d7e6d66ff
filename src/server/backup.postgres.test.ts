// Backups across to a PostgreSQL server (TEST_DATABASE_URL; vitest.config.ts runs this file only then): a seeded
// embedded site restores into the server with every table and media byte identical and comes back again, and a
// restore killed half-way leaves the server's database as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from './testing/test-db.ts';
import { backupCli, embeddedDatabase, expectOneLine, mediaBytes, rows, snapshot, useSeededBackup } from './testing/backup.ts';

if (!serverUrl()) throw new Error('backup.postgres.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then).');

describe('backup and restore on a PostgreSQL server', () => {
  const backup = useSeededBackup();
  let target: TestDatabase;
  beforeAll(async () => {
    target = await embeddedDatabase();
  });
  afterAll(async () => {
    await target?.close();
  });

  it('restores the embedded backup into a PostgreSQL server identically, and a backup made there back into the embedded database', async () => {
    const server = await createTestDatabase();
    try {
      await restoreDatabase(server.orm, backup.file);
      expect(await snapshot(server.orm)).toEqual(backup.original);
      const [before, after] = [await mediaBytes(backup.source.orm), await mediaBytes(server.orm)];
      expect(after.every((m, i) => m.id === before[i]!.id && m.bytes.equals(before[i]!.bytes))).toBe(true);
      // And back: a backup made on the server restores into the embedded database identically.
      const fromServer = path.join(backup.dir, 'server.bak');
      await backupDatabase(server.orm, fromServer);
      await restoreDatabase(target.orm, fromServer, { force: true });
      expect(await snapshot(target.orm)).toEqual(backup.original);
    } finally {
      await server.close();
    }
  });

  it('leaves a PostgreSQL database as it was when the restore is killed, or refuses a damaged file', async () => {
    const server = await createTestDatabase();
    try {
      await restoreDatabase(server.orm, backup.file);
      await rows(server.orm, `update litters set name = name || ' (before the restore)'`);
      const before = await snapshot(server.orm);
      const killed = await backupCli(['restore', backup.file, '--force'], { DATABASE_URL: server.url! }, /^ {2}\w+: [\d,]+ rows$/m);
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.stdout).toMatch(/^Replacing the PostgreSQL database/m);
      expect(await snapshot(server.orm)).toEqual(before);
      const damaged = path.join(backup.dir, 'pg-bad.bak');
      writeFileSync(damaged, readFileSync(backup.file).subarray(0, 5000));
      expectOneLine(await backupCli(['restore', damaged, '--force'], { DATABASE_URL: server.url! }), /cut short/);
      expect(await snapshot(server.orm)).toEqual(before);
    } finally {
      await server.close();
    }
  }, 240_000);
});
