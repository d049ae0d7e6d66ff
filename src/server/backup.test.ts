// Backups: a seeded site round-trips through db:backup / db:restore with every table and media byte identical;
// a restore is all or nothing (a damaged file, a newer version or a kill leaves the old database as it was), and
// the embedded database is not backed up while another process holds it. Across to a PostgreSQL server (with
// TEST_DATABASE_URL): backup.postgres.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { closeDatabase, openDatabase } from './db.ts';
import { DatabaseInUseError } from './db-lock.ts';
import { seedDemoContent } from './seed/seed.ts';
import {
  backupCli,
  embeddedDatabase,
  expectOneLine,
  mediaBytes,
  rows,
  snapshot,
  useSeededBackup,
  type TestDatabase,
} from './testing/backup.ts';
import { migrations } from '../../migrations/index.ts';

/** A backup's lines, uncompressed. */
const backupLines = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);

/** Writes `lines` as a backup with a fresh end line, so its checksum matches whatever the test changed. */
function writeBackup(file: string, lines: string[]) {
  const body = lines
    .filter((l) => !l.startsWith('["end",'))
    .map((l) => `${l}\n`)
    .join('');
  const rows = lines.filter((l) => l.startsWith('["r",')).length;
  const sha256 = createHash('sha256').update(body).digest('hex');
  writeFileSync(file, gzipSync(`${body}${JSON.stringify(['end', { rows, sha256 }])}\n`));
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Error,
  );

describe('backup and restore', () => {
  const backup = useSeededBackup();
  let target: TestDatabase;
  afterAll(async () => {
    await target?.close();
  });

  it('writes the format version, the schema version (last migration) and a SHA-256 of the contents', () => {
    const lines = backupLines(backup.file);
    const header = JSON.parse(lines[0]!) as { version: number; schema: string; migrations: string[] };
    expect(header.version).toBe(2);
    expect(header.schema).toBe(migrations.at(-1)!.name);
    expect(header.migrations.at(-1)).toBe(header.schema);
    const [tag, end] = JSON.parse(lines.at(-1)!) as [string, { rows: number; sha256: string }];
    expect(tag).toBe('end');
    const body = lines
      .slice(0, -1)
      .map((l) => `${l}\n`)
      .join('');
    expect(end.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(end.rows).toBe(Object.values(backup.original).flat().length);
  });

  it('restores a seeded embedded site into an empty database with every table and media file identical', async () => {
    target = await embeddedDatabase();
    await restoreDatabase(target.orm, backup.file);
    expect(Object.values(backup.original).flat().length).toBeGreaterThan(0);
    expect(backup.original.media?.length).toBeGreaterThan(0);
    expect(await snapshot(target.orm)).toEqual(backup.original);
    const [before, after] = [await mediaBytes(backup.source.orm), await mediaBytes(target.orm)];
    expect(after.map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect(after[0]!.bytes.length).toBeGreaterThan(1000);
    expect(after[0]!.bytes.equals(before[0]!.bytes)).toBe(true);
  });

  it('moves the id sequences past the restored ids, so the next insert does not collide', async () => {
    const [{ max }] = (await rows(target.orm, 'select max(id)::int as max from litters')) as [{ max: number }];
    const [{ next }] = (await rows(target.orm, `select nextval(pg_get_serial_sequence('litters', 'id'))::int as next`)) as [
      { next: number },
    ];
    expect(max).toBeGreaterThan(0);
    expect(next).toBe(max + 1);
  });

  it('refuses to overwrite a database with content unless forced, and then replaces it', async () => {
    await rows(target.orm, `update litters set name = 'Changed after the backup'`);
    const refused = await restoreDatabase(target.orm, backup.file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/not empty.*--force/s);
    expect((await snapshot(target.orm)).litters).not.toEqual(backup.original.litters);
    await restoreDatabase(target.orm, backup.file, { force: true });
    expect(await snapshot(target.orm)).toEqual(backup.original);
  });

  it('refuses a file that is not a backup with a clear message', async () => {
    const refused = await restoreDatabase(target.orm, path.join(backup.dir, 'missing.bak')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/Cannot read .*missing\.bak/);
    const notABackup = path.join(backup.dir, 'not-a-backup.bak');
    await writeFile(notABackup, 'hello');
    const refusedToo = await restoreDatabase(target.orm, notABackup).then(
      () => null,
      (e: unknown) => e,
    );
    expect((refusedToo as Error).message).toMatch(/is not a backup made by db:backup/);
  });
});

describe('a restore is all or nothing', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-restore-'));
  const file = path.join(dir, 'site.bak');
  const bad = path.join(dir, 'bad.bak');
  let source: TestDatabase;
  let target: TestDatabase;
  /** The site the backup was made of, and the target's own (older, different) content. */
  let original: Record<string, string[]>;
  let old: Record<string, string[]>;

  beforeAll(async () => {
    source = await embeddedDatabase();
    await seedDemoContent(source.orm.em.fork(), { force: false });
    original = await snapshot(source.orm);
    await backupDatabase(source.orm, file);
    target = await embeddedDatabase();
    await restoreDatabase(target.orm, file);
    await rows(target.orm, `update litters set name = name || ' (before the restore)'`);
    await rows(target.orm, `delete from testimonials where id = (select min(id) from testimonials)`);
    old = await snapshot(target.orm);
    expect(old).not.toEqual(original);
  });
  afterAll(async () => {
    await target?.close();
    await source?.close();
  });

  /** Restores `bad` over the target with --force: refused with a BackupError matching `pattern`, the target untouched. */
  async function refused(pattern: RegExp) {
    const error = await rejection(restoreDatabase(target.orm, bad, { force: true }));
    expect(error).toBeInstanceOf(BackupError);
    expect(error!.message).toMatch(pattern);
    expect(error!.message).not.toContain('\n');
    expect(await snapshot(target.orm)).toEqual(old);
  }

  it('refuses a truncated file (cut in its compressed data) and leaves the old database', async () => {
    const bytes = readFileSync(file);
    writeFileSync(bad, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(/bad\.bak is cut short: its compressed data stops early/);
  });

  it('refuses a file cut at a line boundary and compressed again (no end line) and leaves the old database', async () => {
    const lines = backupLines(file);
    writeFileSync(bad, gzipSync(`${lines.slice(0, Math.floor(lines.length / 2)).join('\n')}\n`));
    await refused(/bad\.bak is cut short: it ends at line \d+, in table \w+, without its end line/);
  });

  it('refuses a file with a flipped byte and leaves the old database', async () => {
    const bytes = Buffer.from(readFileSync(file));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(bad, bytes);
    await refused(/bad\.bak is damaged: /);
  });

  it('refuses a file whose contents were changed and compressed again (the checksum) and leaves the old database', async () => {
    const lines = backupLines(file);
    const i = lines.findIndex((l) => l.includes('"name":"') && l.startsWith('["r",'));
    lines[i] = lines[i]!.replace('"name":"', '"name":"X');
    writeFileSync(bad, gzipSync(`${lines.join('\n')}\n`));
    await refused(/bad\.bak is damaged: its checksum does not match its contents/);
  });

  it('refuses a row that is no JSON object, or does not fit its table, and leaves the old database', async () => {
    const lines = backupLines(file);
    const i = lines.indexOf('["t","litters"]') + 1; // litters.id is an integer
    expect(lines[i]).toMatch(/^\["r",\{"id":\d+,/);
    writeBackup(bad, lines.with(i, lines[i]!.slice(0, -10)));
    await refused(/bad\.bak is damaged: line \d+ \(a row of \w+\) is not valid JSON/);
    // Valid JSON, a valid checksum, but an id that is no number: found inside the transaction, rolled back.
    writeBackup(bad, lines.with(i, lines[i]!.replace(/^\["r",\{"id":[^,]+,/, '["r",{"id":"not a number",')));
    await refused(/bad\.bak does not load: a row of \w+ does not fit the table \(invalid input syntax/);
  });

  it('refuses a backup from a newer release (format or schema version) and leaves the old database', async () => {
    const lines = backupLines(file);
    const header = JSON.parse(lines[0]!) as { version: number; schema: string; migrations: string[] };
    writeBackup(bad, lines.with(0, JSON.stringify({ ...header, version: 3 })));
    await refused(
      /bad\.bak is a version 3 backup, from a newer release of the site; this one reads versions 1 to 2: update the code first/,
    );
    // A release with one more migration made it, and ran it here too before the code was rolled back:
    // the target's migrations log knows the name, this code does not.
    const future = 'Migration20991231000000_future';
    writeBackup(bad, lines.with(0, JSON.stringify({ ...header, schema: future, migrations: [...header.migrations, future] })));
    await rows(target.orm, `insert into mikro_orm_migrations (name) values ('${future}')`);
    try {
      await refused(
        /bad\.bak comes from a newer release of the site: its schema is at Migration20991231000000_future, .*Update the code first/,
      );
    } finally {
      await rows(target.orm, `delete from mikro_orm_migrations where name = '${future}'`);
    }
  });

  it('still restores a version 1 file (before the checksum), checked by gzip alone', async () => {
    const lines = backupLines(file).filter((l) => !l.startsWith('["end",'));
    const { schema: _schema, ...header } = JSON.parse(lines[0]!) as Record<string, unknown>;
    const v1 = path.join(dir, 'v1.bak');
    writeFileSync(v1, gzipSync(`${[JSON.stringify({ ...header, version: 1 }), ...lines.slice(1)].join('\n')}\n`));
    const fresh = await embeddedDatabase();
    try {
      await restoreDatabase(fresh.orm, v1);
      expect(await snapshot(fresh.orm)).toEqual(original);
    } finally {
      await fresh.close();
    }
  });
});

describe('db:restore and db:backup as commands (child processes)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-restore-cli-'));
  const dataDir = path.join(dir, 'data');
  const env = { DATA_DIR: dataDir };
  const file = path.join(dir, 'site.bak');
  const bad = path.join(dir, 'bad.bak');
  let original: Record<string, string[]>;
  let originalMedia: { id: string; bytes: Buffer }[];
  let old: Record<string, string[]>;

  const openData = () => openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  async function dataSnapshot() {
    const orm = await openData();
    try {
      return { tables: await snapshot(orm), media: await mediaBytes(orm) };
    } finally {
      await closeDatabase(orm);
    }
  }

  beforeAll(async () => {
    const source = await embeddedDatabase();
    try {
      await seedDemoContent(source.orm.em.fork(), { force: false });
      original = await snapshot(source.orm);
      originalMedia = await mediaBytes(source.orm);
      await backupDatabase(source.orm, file);
    } finally {
      await source.close();
    }
    // The data directory's own site: the same backup, then changed.
    const orm = await openData();
    try {
      await orm.migrator.up();
      await restoreDatabase(orm, file);
      await rows(orm, `update litters set name = name || ' (before the restore)'`);
      await rows(orm, `delete from testimonials where id = (select min(id) from testimonials)`);
      old = await snapshot(orm);
    } finally {
      await closeDatabase(orm);
    }
    expect(old).not.toEqual(original);
  });

  it('refuses a truncated or corrupt file with one line and exit code 1, and the old database stays', async () => {
    const bytes = readFileSync(file);
    writeFileSync(bad, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expectOneLine(await backupCli(['restore', bad, '--force'], env), /bad\.bak is cut short: .* The database was left as it was\.$/m);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(bad, flipped);
    expectOneLine(await backupCli(['restore', bad, '--force'], env), /bad\.bak is damaged: .* The database was left as it was\.$/m);
    expect((await dataSnapshot()).tables).toEqual(old);
  }, 240_000);

  it('leaves the old database as it was when the restore is killed (SIGKILL) after the old tables were dropped', async () => {
    // The first table's line comes after the drop and the migrations, inside the transaction, before its rows load.
    const killed = await backupCli(['restore', file, '--force'], env, /^ {2}\w+: [\d,]+ rows$/m);
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).toMatch(/^Replacing the embedded database/m);
    expect(killed.stdout).not.toMatch(/^Restored/m);
    // The killed process's lock is left behind; the next process takes it over.
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    expect((await dataSnapshot()).tables).toEqual(old);
  }, 240_000);

  it('refuses to back up or restore the embedded database while another process holds it', async () => {
    const holder = await openData(); // as the running server does
    try {
      const out = path.join(dir, 'while-running.bak');
      expectOneLine(await backupCli(['backup', out], env), new RegExp(`is open in process ${process.pid} \\(.*\\): stop it first`));
      expect(existsSync(out)).toBe(false);
      expectOneLine(await backupCli(['restore', file, '--force'], env), new RegExp(`is open in process ${process.pid} `));
      // A second open in the same process is refused too.
      expect(await rejection(openData())).toBeInstanceOf(DatabaseInUseError);
    } finally {
      await closeDatabase(holder);
    }
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect((await dataSnapshot()).tables).toEqual(old);
  }, 240_000);

  it('round-trips the site with its media: db:restore, then db:backup, then a restore elsewhere', async () => {
    const restored = await backupCli(['restore', file, '--force'], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Checked .*site\.bak: .*SHA-256 [0-9a-f]{12}… matches/m);
    expect(restored.stdout).toMatch(/^ {2}media: \d+ rows$/m);
    expect(restored.stdout).toMatch(/^Restored .*site\.bak into the embedded database/m);
    const after = await dataSnapshot();
    expect(after.tables).toEqual(original);
    expect(after.media.length).toBeGreaterThan(0);
    expect(after.media.every((m, i) => m.id === originalMedia[i]!.id && m.bytes.equals(originalMedia[i]!.bytes))).toBe(true);

    const again = path.join(dir, 'again.bak');
    const backedUp = await backupCli(['backup', again], env);
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backed up the embedded database/m);
    const fresh = await embeddedDatabase();
    try {
      await restoreDatabase(fresh.orm, again);
      expect(await snapshot(fresh.orm)).toEqual(original);
      const media = await mediaBytes(fresh.orm);
      expect(media.every((m, i) => m.bytes.equals(originalMedia[i]!.bytes))).toBe(true);
    } finally {
      await fresh.close();
    }
  }, 240_000);
});
