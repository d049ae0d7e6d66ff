// Keeps the PostgreSQL pool at full size across outages: a connection that dies while checked out is given back.
import type pg from 'pg';

/**
 * Why this exists: kysely's ControlledTransaction (what MikroORM's `em.transactional` runs on) releases
 * its connection only after COMMIT or ROLLBACK *succeeds*. When the server ends a connection in the
 * middle of a transaction (a restart, `pg_terminate_backend`, a network cut) both fail, so `release()`
 * is never called: pg-pool keeps counting the dead client as checked out, the pool shrinks by one
 * for every transaction caught by an outage, and once it reaches zero every request waits forever.
 *
 * The fix, at the one place that sees every checkout: when a checked-out client's connection ends,
 * release it ourselves (pg-pool then drops it, since it is no longer queryable, and opens a fresh one
 * on demand), and make the release idempotent so kysely's own late release cannot throw pg-pool's
 * "Release called on client which has already been released". A dead client is never handed out
 * again, so the ROLLBACK the ORM still sends on it only fails with "not queryable", harmlessly.
 */
export function healPool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  // pg-pool's own pool.query() checks out with a callback and always releases: leave that path alone.
  (pool as { connect: (cb?: unknown) => Promise<pg.PoolClient> | undefined }).connect = (cb?: unknown) =>
    typeof cb === 'function' ? connect(cb) : checkout();
  const checkout = async () => {
    const client = (await connect())!;
    const poolRelease = client.release;
    let released = false;
    const release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('end', onEnd);
      poolRelease(err);
    };
    const onEnd = () => release(new Error('Connection ended while checked out'));
    client.once('end', onEnd);
    client.release = release;
    return client;
  };
}
