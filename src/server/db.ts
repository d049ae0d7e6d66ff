// Opens the database: embedded PGlite under DATA_DIR, or a PostgreSQL server from DATABASE_URL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { serialPGliteDialect } from '../lib/server/pglite-dialect.ts';
import { entities } from './entities.ts';
import { migrations } from '../../migrations/index.ts';
import { healPool } from './db-pool.ts';
import { lockEmbeddedDatabase } from './db-lock.ts';

// Two levels up from src/server/db.ts and from the bundle's dist/server/*.js alike.
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'migrations');

export interface DbConfig {
  databaseUrl?: string;
  /** Directory of the embedded database; 'memory://' for a throwaway one. */
  pgliteDir?: string;
  /** An already-open PGlite (tests load a migrated template into one). */
  pglite?: PGlite;
  debug?: boolean;
  /** Longest wait for a free connection before the request fails with a 503 (default 5 s). */
  acquireTimeoutMs?: number;
  /** Find migrations by scanning the folder (creating one needs it) instead of migrations/index.ts. */
  migrationFiles?: boolean;
  /** Connections to PostgreSQL (default 10; the embedded database always has one). */
  poolSize?: number;
}

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5000;

/**
 * Opens an embedded database with the extensions the schema uses (pg_trgm: the trigram indexes of the dashboard
 * searches, issue 35, decision 125). Every embedded database is opened here (server, CLI, tests, benches): one
 * opened without pg_trgm cannot write to a table that has a trigram index, and openDatabase refuses it.
 */
export async function createPGlite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  // Loaded only for the embedded database: a server on PostgreSQL never needs the engine's code.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dataDir, { ...options, extensions: { pg_trgm } });
}

/** The lock of each embedded database opened from a directory, released once it is closed. */
const dirLocks = new WeakMap<PGlite, () => void>();

export async function ormOptions(config: DbConfig): Promise<Options> {
  const base: Options = {
    entities,
    extensions: [Migrator],
    migrations: {
      path: MIGRATIONS_DIR,
      glob: 'Migration*.ts',
      // The app runs the list in migrations/index.ts; creating a migration reads and writes the folder.
      ...(config.migrationFiles ? {} : { migrationsList: migrations }),
      snapshot: false,
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
    },
    debug: config.debug ?? false,
    allowGlobalContext: false,
    ensureDatabase: false,
    discovery: { warnWhenNoEntities: true },
  };
  const acquireTimeoutMs = config.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  if (config.databaseUrl) {
    return {
      ...base,
      clientUrl: config.databaseUrl,
      pool: { min: 0, max: config.poolSize ?? 10 },
      // Pool options for pg: without connectionTimeoutMillis a checkout waits forever (for a free
      // connection and for the server to accept a new one); keepAlive notices peers that vanished.
      driverOptions: { connectionTimeoutMillis: acquireTimeoutMs, keepAlive: true, onPoolCreated: healPool },
    };
  }
  let pglite = config.pglite;
  if (!pglite) {
    const dir = config.pgliteDir ?? './data/db';
    let unlock: (() => void) | undefined;
    if (!dir.startsWith('memory://')) {
      mkdirSync(dir, { recursive: true });
      // One process at a time (src/server/db-lock.ts): throws DatabaseInUseError naming the holder.
      unlock = lockEmbeddedDatabase(dir);
    }
    try {
      pglite = await createPGlite(dir);
    } catch (error) {
      unlock?.();
      throw error;
    }
    if (unlock) dirLocks.set(pglite, unlock);
  }
  return { ...base, dbName: 'pglite', driverOptions: serialPGliteDialect(pglite, { acquireTimeoutMs }) };
}

const ownedPGlite = new WeakMap<MikroORM, PGlite>();

async function closePGlite(pglite: PGlite) {
  try {
    if (!pglite.closed) await pglite.close();
  } finally {
    dirLocks.get(pglite)?.();
  }
}

export async function openDatabase(config: DbConfig): Promise<MikroORM> {
  const options = await ormOptions(config);
  const pglite = (options.driverOptions as { pglite?: PGlite } | undefined)?.pglite;
  const owned = pglite && !config.pglite ? pglite : undefined;
  let orm: MikroORM | undefined;
  try {
    orm = await MikroORM.init(options);
    if (owned) ownedPGlite.set(orm, owned);
    // Fail at start, not on the first request, when the server is unreachable.
    await orm.em.getConnection().execute('select 1');
    if (pglite) await requireTrigram(orm);
    return orm;
  } catch (error) {
    await orm?.close(true).catch(() => undefined);
    if (owned) await closePGlite(owned).catch(() => undefined);
    throw error;
  }
}

/** An embedded database opened without pg_trgm (not through createPGlite) is refused with a message that says so. */
async function requireTrigram(orm: MikroORM) {
  const rows = await orm.em.getConnection().execute<{ ok: number }[]>(`select 1 as ok from pg_available_extensions where name = 'pg_trgm'`);
  if (!rows.length)
    throw new Error('This embedded database was opened without the pg_trgm extension: open it with createPGlite() (src/server/db.ts).');
}

/** Closes the ORM and, when it opened one, the embedded database (flushing it to disk) and its lock. */
export async function closeDatabase(orm: MikroORM) {
  await orm.close(true);
  const pglite = ownedPGlite.get(orm);
  if (pglite) await closePGlite(pglite);
}

/**
 * Applies the migrations that have not run yet. An ordinary restart has none: one read of the migrations
 * log tells so, and the migrator (whose first run costs about 80 ms of start-up) is not started at all.
 */
export async function migrate(orm: MikroORM): Promise<void> {
  if (await allMigrationsApplied(orm)) return;
  await orm.migrator.up();
}

/** The migrations not applied yet, or null for a new database (no migrations log yet). */
export async function pendingMigrations(orm: MikroORM): Promise<string[] | null> {
  const table = orm.config.get('migrations').tableName ?? 'mikro_orm_migrations';
  let rows: { name: string }[];
  try {
    rows = await orm.em.getConnection().execute<{ name: string }[]>(`select name from "${table}"`);
  } catch {
    return null;
  }
  const applied = new Set(rows.map((row) => row.name));
  return migrations.filter((migration) => !applied.has(migration.name)).map((m) => m.name);
}

async function allMigrationsApplied(orm: MikroORM): Promise<boolean> {
  const table = orm.config.get('migrations').tableName ?? 'mikro_orm_migrations';
  let rows: { name: string }[];
  try {
    rows = await orm.em.getConnection().execute<{ name: string }[]>(`select name from "${table}"`);
  } catch {
    return false; // a new database: no log table yet
  }
  const applied = new Set(rows.map((row) => row.name));
  return migrations.every((migration) => applied.has(migration.name));
}
