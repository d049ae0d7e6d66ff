// Fresh databases for tests: a copy of one migrated PGlite template, or (TEST_DATABASE_URL) a new
// PostgreSQL database created from a migrated template database.
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase, createPGlite, openDatabase } from '../db.ts';
import { templateCopyDir } from './embedded-template.ts';

export { embeddedBaseDir, embeddedTemplateDir, templateCopyDir } from './embedded-template.ts';

/**
 * A new embedded database: a copy of the migrated template, opened in place. `dispose` closes it and removes the
 * copy.
 */
export async function embeddedCopy(): Promise<{ pglite: PGlite; dir: string; dispose: () => Promise<void> }> {
  const dir = templateCopyDir();
  const pglite = await createPGlite(dir);
  return {
    pglite,
    dir,
    dispose: async () => {
      if (!pglite.closed) await pglite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
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
  return embeddedDatabase();
}

/** A new, migrated, empty embedded database (a copy of the run's migrated template, whatever the run's database is). */
export async function embeddedDatabase(): Promise<TestDatabase> {
  const copy = await embeddedCopy();
  const orm = await openDatabase({ pglite: copy.pglite });
  return {
    orm,
    close: async () => {
      await closeDatabase(orm);
      await copy.dispose();
    },
  };
}
