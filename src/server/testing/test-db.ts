// Fresh databases for tests: a copy of one migrated PGlite template, or (TEST_DATABASE_URL) a new
// PostgreSQL database created from a migrated template database.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase, createPGlite, openDatabase, ROOT_DIR } from '../db.ts';

export const TEMPLATE_FILE = path.join(ROOT_DIR, '.tmp/pglite-template.tar.gz');
/** Per run (set by global-setup before workers start), so parallel runs on one server don't collide. */
export const templateDbName = () => process.env.TEST_TEMPLATE_DB ?? 'goldendoodle_test_template';

export function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  orm: MikroORM;
  /** The database's URL on a PostgreSQL server (TEST_DATABASE_URL); none for the embedded one. */
  url?: string;
  close: () => Promise<void>;
}

/** A new, migrated, empty database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = serverUrl();
  if (url) {
    const name = `goldendoodle_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDbName()}"`);
    await admin.end();
    const orm = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      orm,
      url: withDatabase(url, name),
      close: async () => {
        await closeDatabase(orm);
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  }
  const blob = new Blob([await readFile(TEMPLATE_FILE)]);
  const pglite = await createPGlite(undefined, { loadDataDir: blob });
  const orm = await openDatabase({ pglite });
  return {
    orm,
    close: async () => {
      await closeDatabase(orm);
      await pglite.close();
    },
  };
}
