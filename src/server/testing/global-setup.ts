// Vitest global setup: migrate one template database that every test file copies.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { closeDatabase, createPGlite, openDatabase, ROOT_DIR } from '../db.ts';
import { embeddedBaseDir, embeddedTemplateDir, serverUrl, templateDbName, withDatabase } from './test-db.ts';

export default async function setup() {
  process.env.NODE_ENV = 'test';
  // Test files that seed share the demo photos painted once (seed/demo-photos.ts).
  process.env.DEMO_PHOTO_CACHE ??= path.join(ROOT_DIR, '.tmp/demo-photos');
  // The embedded template (on a PostgreSQL run too: some files test the embedded database itself), migrated once in
  // this run's own directory: the workers start after this and find it through the setting; it goes when the run ends.
  const base = embeddedBaseDir();
  process.env.TEST_PGLITE_RUN_DIR = base;
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const pglite = await createPGlite(embeddedTemplateDir());
  const orm = await openDatabase({ pglite });
  await orm.migrator.up();
  await closeDatabase(orm);
  await pglite.close();
  const removeEmbedded = () => rmSync(base, { recursive: true, force: true });
  const url = serverUrl();
  if (url) {
    process.env.TEST_TEMPLATE_DB = `goldendoodle_tpl_${process.pid}`;
    const TEMPLATE_DB = templateDbName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const serverOrm = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await serverOrm.migrator.up();
    await closeDatabase(serverOrm);
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
      await c.end();
      removeEmbedded();
    };
  }
  return removeEmbedded;
}
