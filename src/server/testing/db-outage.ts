// What the database outage tests share (db-outage.test.ts on the embedded database, db-outage.postgres.test.ts on a
// PostgreSQL server): the clear 503 they expect, /readyz timed, and connections held open in transactions.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../lib/server/db-errors.ts';

export const REST = '/api/puppies/featured';
export const TRPC = '/trpc/puppies.featured';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The request answers 503 with the clear message and Retry-After; returns how long it took. */
export async function expectUnavailable(app: FastifyInstance, url: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url });
  const took = performance.now() - started;
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json();
  expect(url.startsWith('/trpc') ? body.error.message : body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
  return took;
}

export async function readyz(app: FastifyInstance) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, ms: performance.now() - started };
}

/**
 * Opens `n` transactions on the app's pool that each hold their connection until released.
 * `held` resolves once all of them have a connection (and rejects if one could not get one).
 */
export function holdConnections(orm: MikroORM, n: number) {
  const gate = deferred();
  const ready: Promise<void>[] = [];
  const pids: number[] = [];
  const done = Array.from({ length: n }, () => {
    const got = deferred();
    const tx = orm.em.fork().transactional(async (em) => {
      const [row] = await em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
      pids.push(row!.pid);
      got.resolve();
      await gate.promise;
      await em.execute('select 1');
    });
    ready.push(Promise.race([got.promise, tx.then(() => {})]));
    return tx;
  });
  return {
    held: Promise.all(ready),
    pids,
    release: () => {
      gate.resolve();
      return Promise.allSettled(done);
    },
  };
}
