// The readiness check behind /readyz: does this instance's database answer? It never queues behind the
// app's own work. Under ordinary load (100 connections) the app's 10-connection pool is busy, and a
// check that waited in it for 800 ms answered 503 to about one probe in 75, so a balancer would take a
// healthy instance out (issue 28). Busy is not down: the check has a connection of its own.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { MikroORM, PostgreSqlConnection } from '@mikro-orm/postgresql';

/** /readyz answers within this bound even when the database hangs instead of refusing. */
export const READY_CHECK_TIMEOUT_MS = 800;

/** One look at the database: resolves when it answered, rejects otherwise. */
export type Probe = () => Promise<void>;

export interface Readiness {
  /** True when the database answered within the bound; concurrent callers share one look. */
  check: () => Promise<boolean>;
  close: () => Promise<void>;
}

/**
 * `probe` bounded by `timeoutMs`, shared: probes that arrive while a look is under way wait for that
 * look (a balancer's probes and a monitor's, or many of them after a stall, cost one query). When the
 * bound passes, an answer that has already arrived still counts: under load the event loop may come
 * back to its timers before it reads the socket the answer waits on, so the look gives the I/O of
 * that turn its chance (setImmediate runs after it) before it says no.
 */
export function sharedCheck(probe: Probe, timeoutMs: number): () => Promise<boolean> {
  let flight: Promise<boolean> | null = null;
  const look = async () => {
    let timer: NodeJS.Timeout | undefined;
    const answered = probe();
    // A look that lost the race settles later (the probe's own bounds end it); don't let it go unhandled.
    answered.catch(() => {});
    try {
      await Promise.race([
        answered,
        new Promise((_, reject) => (timer = setTimeout(() => setImmediate(() => reject(new Error('ready check timed out'))), timeoutMs))),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (!flight) {
      const current = look();
      flight = current;
      void current.finally(() => {
        if (flight === current) flight = null;
      });
    }
    return flight;
  };
}

/**
 * PostgreSQL: one connection kept aside from the pool, opened with the pool's own settings on the first
 * probe and kept open between probes. A look that arrives while the previous look's connecting or query
 * is still under way (it answered late) waits for that one instead of queueing another. A connection
 * that failed, was ended by the server, or whose query has not answered within the pool's own connection
 * timeout is dropped, and the next look opens a new one; a look on a kept connection that fails tries
 * once more on a fresh one (a connection the server ended while idle is not an outage).
 */
function reservedConnection(orm: MikroORM): { probe: Probe; close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let asking: { client: pg.Client; answer: Promise<void> } | null = null;
  let closed = false;
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    if (asking?.client === c) asking = null;
    // pg ends a connection with a query in flight by destroying its socket.
    c.end().catch(() => {});
  };
  const open = () =>
    (connecting ??= (async () => {
      const pool = await (orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
      // The pool's options are what pg-pool itself opens its clients with (address, credentials, TLS, type
      // parsers, the connection timeout); a query that hangs longer than that gives the connection up.
      const c = new pg.Client({ ...pool.options, keepAlive: true, query_timeout: pool.options.connectionTimeoutMillis || 5000 });
      // A kept connection the server ends between probes must not take the process down: drop it.
      c.on('error', () => drop(c));
      c.on('end', () => drop(c));
      try {
        await c.connect();
      } catch (err) {
        drop(c);
        throw err;
      }
      if (closed) {
        drop(c);
        throw new Error('readiness check closed');
      }
      return (client = c);
    })().finally(() => (connecting = null)));
  const ask = (c: pg.Client) => {
    if (asking?.client === c) return asking.answer;
    const answer = c.query('select 1').then(
      () => {},
      (err: unknown) => {
        drop(c);
        throw err;
      },
    );
    const current = (asking = { client: c, answer });
    void answer
      .finally(() => {
        if (asking === current) asking = null;
      })
      .catch(() => {});
    return answer;
  };
  return {
    probe: async () => {
      if (closed) throw new Error('readiness check closed');
      const kept = client;
      if (kept) {
        try {
          return await ask(kept);
        } catch {
          // Try once more on a fresh connection, within the same bound.
        }
      }
      await ask(await open());
    },
    close: async () => {
      closed = true;
      const c = client;
      client = null;
      if (!c) return;
      // Bounded for a peer that never answers.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([c.end().catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, READY_CHECK_TIMEOUT_MS)))]);
      clearTimeout(timer);
    },
  };
}

/**
 * The embedded database is one backend inside this process, with no second connection to keep aside;
 * the look goes to it directly rather than through the app's queue for its connection, so it waits at
 * most for the statement running now (PGlite runs one statement at a time), not for every request
 * waiting its turn. Between two statements of someone's transaction `select 1` changes nothing; in a
 * transaction that has just failed the engine still answers (25P02), which is what is asked.
 */
function embeddedProbe(pglite: PGlite): Probe {
  return async () => {
    try {
      await pglite.query('select 1');
    } catch (err) {
      if ((err as { code?: string } | null)?.code === '25P02') return;
      throw err;
    }
  };
}

export function databaseReadiness(orm: MikroORM, timeoutMs = READY_CHECK_TIMEOUT_MS): Readiness {
  const pglite = (orm.config.get('driverOptions') as { pglite?: PGlite } | undefined)?.pglite;
  if (pglite) return { check: sharedCheck(embeddedProbe(pglite), timeoutMs), close: async () => {} };
  const reserved = reservedConnection(orm);
  return { check: sharedCheck(reserved.probe, timeoutMs), close: reserved.close };
}
