// Vitest global setup: migrate one template database that every test file copies.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { closeDatabase, createPGlite, openDatabase, ROOT_DIR } from '../db.ts';
import { TEMPLATE_FILE, serverUrl, templateDbName, withDatabase } from './test-db.ts';

export default async function setup() {
  process.env.NODE_ENV = 'test';
  // Test files that seed share the demo photos painted once (seed/demo-photos.ts).
  process.env.DEMO_PHOTO_CACHE ??= path.join(ROOT_DIR, '.tmp/demo-photos');
  const url = serverUrl();
  if (url) {
    process.env.TEST_TEMPLATE_DB = `goldendoodle_tpl_${process.pid}`;
    const TEMPLATE_DB = templateDbName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const orm = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await orm.migrator.up();
    await closeDatabase(orm);
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
      await c.end();
    };
  }
  const pglite = await createPGlite();
  const orm = await openDatabase({ pglite });
  await orm.migrator.up();
  await closeDatabase(orm);
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  await mkdir(path.dirname(TEMPLATE_FILE), { recursive: true });
  // Write then rename, so a parallel run never reads a half-written template.
  const tmp = `${TEMPLATE_FILE}.${process.pid}`;
  await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
  await rename(tmp, TEMPLATE_FILE);
  return undefined;
}
