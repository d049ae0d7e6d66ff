// A Kysely dialect for PGlite that hands out its single connection to one holder at a time.
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { DatabaseUnavailableError } from './db-errors.ts';
import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * PGlite is one Postgres backend, so it is a pool of exactly one connection: callers queue for it.
 * (kysely-pglite's driver hands the same connection to every caller, which lets two concurrent
 * transactions interleave — one request's ROLLBACK undoing another's work — and its entry point
 * no longer loads with kysely 0.29; see docs/decisions/002-embedded-database.md.)
 */
/** One queue per PGlite backend, shared by every driver (and ORM) that uses it. */
const queues = new WeakMap<PGlite, { tail: Promise<void> }>();

class SerialPGliteDriver implements Driver {
  #pglite: PGlite;
  #queue: { tail: Promise<void> };
  #release = new WeakMap<DatabaseConnection, () => void>();
  #acquireTimeoutMs: number;

  constructor(pglite: PGlite, acquireTimeoutMs: number) {
    this.#pglite = pglite;
    this.#acquireTimeoutMs = acquireTimeoutMs;
    let queue = queues.get(pglite);
    if (!queue) queues.set(pglite, (queue = { tail: Promise.resolve() }));
    this.#queue = queue;
  }
  async init() {
    await this.#pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const previous = this.#queue.tail;
    this.#queue.tail = previous.then(() => mine);
    // Like pg-pool's connectionTimeoutMillis: a caller that waited too long gives up (the request
    // answers 503) and passes its turn straight on when it comes, so the queue never stalls on it.
    let state: 'waiting' | 'turn' | 'gave-up' = 'waiting';
    const turn = previous.then(() => {
      if (state === 'gave-up') release();
      else state = 'turn';
    });
    if (this.#acquireTimeoutMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.#acquireTimeoutMs)));
      await Promise.race([turn, expired]);
      clearTimeout(timer);
      if (state === 'waiting') {
        state = 'gave-up';
        throw new DatabaseUnavailableError();
      }
    } else {
      await turn;
    }
    const pglite = this.#pglite;
    const conn: DatabaseConnection = {
      async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
        const res = await pglite.query<R>(q.sql, [...q.parameters]);
        return {
          rows: res.rows,
          ...(res.affectedRows != null ? { numAffectedRows: BigInt(res.affectedRows) } : {}),
        };
      },
      // eslint-disable-next-line require-yield
      async *streamQuery() {
        throw new Error('PGlite does not support streaming.');
      },
    };
    this.#release.set(conn, release);
    return conn;
  }
  async beginTransaction(conn: DatabaseConnection, _settings: TransactionSettings) {
    await conn.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async savepoint(conn: DatabaseConnection, name: string) {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }
  async rollbackToSavepoint(conn: DatabaseConnection, name: string) {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }
  async releaseSavepoint(conn: DatabaseConnection, name: string) {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }
  async releaseConnection(conn: DatabaseConnection) {
    this.#release.get(conn)?.();
    this.#release.delete(conn);
  }
  // MikroORM may destroy and recreate its Kysely instance (reconnects); the PGlite itself is closed
  // by whoever opened it (closeDatabase in src/server/db.ts).
  async destroy() {}
}

/** `acquireTimeoutMs` (0 = wait forever) bounds the wait for the connection. */
export function serialPGliteDialect(
  pglite: PGlite,
  { acquireTimeoutMs = 0 }: { acquireTimeoutMs?: number } = {},
): Dialect & { pglite: PGlite } {
  return {
    pglite,
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialPGliteDriver(pglite, acquireTimeoutMs),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/**
 * Runs `fn` holding PGlite's one connection, in the same queue as the ORM's transactions: what another client (the job
 * runner) sends never lands inside a request's open transaction.
 */
export async function withPGliteTurn<T>(pglite: PGlite, fn: () => Promise<T>): Promise<T> {
  const driver = new SerialPGliteDriver(pglite, 0);
  const conn = await driver.acquireConnection();
  try {
    return await fn();
  } finally {
    await driver.releaseConnection(conn);
  }
}
