// A throwaway database on the local PostgreSQL server (127.0.0.1:5432, user postgres, trust auth),
// created like `createdb -h 127.0.0.1 -U postgres <name>` and dropped afterwards.
import pg from 'pg';
import { assertNotInterrupted, onCleanup, reachable } from './server.ts';

export const PG_HOST = '127.0.0.1';
export const PG_PORT = 5432;
export const PG_USER = 'postgres';

const serverUrl = (db: string) => `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/${db}`;

/** Whether the local PostgreSQL server accepts connections. */
export function postgresReachable() {
  return reachable(PG_HOST, PG_PORT, 1500);
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl('postgres'), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TempDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** Creates a fresh, empty database; drop() (or the cleanup on exit) removes it. */
export async function createTempDatabase(prefix = 'bench'): Promise<TempDatabase> {
  assertNotInterrupted();
  const name = `${prefix}_${Date.now()}_${process.pid}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  await admin((c) => c.query(`create database "${name}"`));
  const dropIt = () => admin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined);
  const unregister = onCleanup(dropIt);
  return {
    name,
    url: serverUrl(name),
    drop: async () => {
      unregister();
      await dropIt();
    },
  };
}

/** The server's version line, for the report. */
export async function postgresVersion(): Promise<string> {
  return admin(async (c) => {
    const r = await c.query<{ server_version: string }>('show server_version');
    return `PostgreSQL ${r.rows[0]?.server_version ?? '?'}`;
  });
}
