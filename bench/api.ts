// API throughput: GET /api/puppies/featured on the production server (embedded PGlite, then a real
// PostgreSQL server), each next to a bare Fastify route answering the same JSON from memory in the
// same run. autocannon, 50 connections, 10 s. Target: app ≥ 0.8 of the bare route (issue 17) on PostgreSQL.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { autocannon, type LoadResult } from './lib/autocannon.ts';
import { createTempDatabase, postgresReachable, postgresVersion, PG_HOST, PG_PORT } from './lib/postgres.ts';
import { bytes, check, heading, int, message, ms, note, reason, table } from './lib/report.ts';
import { ensureClientBuild, freePort, httpGet, NODE, spawnChild, startApp, tempDir, waitFor200, type AppServer } from './lib/server.ts';

const ROUTE = '/api/puppies/featured';
const CONNECTIONS = 50;
/** BENCH_SECONDS shortens the runs while developing the benchmark; the reported figures use 10. */
const SECONDS = Number(process.env.BENCH_SECONDS) > 0 ? Number(process.env.BENCH_SECONDS) : 10;
const WARMUP_SECONDS = Math.min(2, SECONDS);
const TARGET_RATIO = 0.8;

interface Scenario {
  name: string;
  app: LoadResult;
  bare: LoadResult;
  ratio: number;
}

/** Starts the bare baseline server with the given body and waits until it answers. */
async function startBare(body: Buffer, contentType: string) {
  const dir = tempDir('bench-api-bare');
  const bodyFile = path.join(dir.dir, 'body.json');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const child = spawnChild(NODE, ['bench/lib/bare-server.ts'], {
    ...process.env,
    PORT: String(port),
    ROUTE,
    BODY_FILE: bodyFile,
    CONTENT_TYPE: contentType,
  });
  const stop = async () => {
    await child.stop();
    dir.remove();
  };
  try {
    await waitFor200(`http://127.0.0.1:${port}/readyz`, child, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

function row(name: string, r: LoadResult): string[] {
  const errors = r.errors ? `${int(r.errors)}${r.timeouts ? ` (${int(r.timeouts)} timed out)` : ''}` : '0';
  return [name, int(r.rps), ms(r.p50), ms(r.p99), int(r.total), int(r.non2xx), errors];
}

function describeFailures(r: LoadResult) {
  const statuses = Object.entries(r.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${int(count)} × ${code}`);
  const parts = [...statuses];
  if (r.errors) parts.push(`${int(r.errors)} connection errors${r.timeouts ? `, ${int(r.timeouts)} of them timeouts (10 s)` : ''}`);
  return parts.join(', ');
}

/** Load-tests the app's route, then the bare route with the same body, and prints both. */
async function measure(name: string, label: string, app: AppServer): Promise<Scenario> {
  const first = await httpGet(`${app.url}${ROUTE}`);
  if (first.status !== 200) throw new Error(`GET ${ROUTE} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
  let items = '?';
  try {
    const parsed: unknown = JSON.parse(first.body.toString());
    if (Array.isArray(parsed)) items = String(parsed.length);
  } catch {
    items = 'not JSON';
  }
  const contentType = String(first.headers['content-type'] ?? 'application/json; charset=utf-8');
  console.log(`\n   ${label}: ${ROUTE} returns ${items} puppies, ${bytes(first.body.length)} of JSON (server ready in ${ms(app.readyMs)})`);

  const bare = await startBare(first.body, contentType);
  try {
    const appUrl = `${app.url}${ROUTE}`;
    const bareUrl = `${bare.url}${ROUTE}`;
    // Warm both (JIT, connection pools, caches) before measuring; the warm-up figures are discarded.
    await autocannon(appUrl, { connections: 10, seconds: WARMUP_SECONDS });
    await autocannon(bareUrl, { connections: 10, seconds: WARMUP_SECONDS });
    const appResult = await autocannon(appUrl, { connections: CONNECTIONS, seconds: SECONDS });
    const bareResult = await autocannon(bareUrl, { connections: CONNECTIONS, seconds: SECONDS });
    const ratio = appResult.rps / bareResult.rps;
    table([
      ['', 'req/s', 'p50', 'p99', 'responses', 'non-2xx', 'errors'],
      row(`app, ${ROUTE}`, appResult),
      row('bare Fastify, same JSON from memory', bareResult),
    ]);
    for (const [who, r] of [
      ['the app', appResult],
      ['the bare route', bareResult],
    ] as const) {
      if (r.non2xx + r.errors > 0) note(`${who} failed some requests: ${describeFailures(r)}`);
    }
    return { name, app: appResult, bare: bareResult, ratio };
  } finally {
    await bare.stop();
  }
}

export async function run(): Promise<void> {
  heading(`API: GET ${ROUTE}, autocannon ${CONNECTIONS} connections × ${SECONDS} s, vs a bare Fastify route`);
  ensureClientBuild();
  const results: Scenario[] = [];
  const failed: string[] = [];

  // (a) Embedded PGlite with demo content on a fresh DATA_DIR.
  {
    const data = tempDir('bench-api-pglite');
    let app: AppServer | undefined;
    try {
      app = await startApp({ dataDir: data.dir });
      results.push(await measure('PGlite', 'PGlite (embedded, fresh DATA_DIR with demo content)', app));
    } catch (error) {
      console.log(`   PGlite run failed: ${message(error)}`);
      failed.push('PGlite');
    } finally {
      await app?.stop();
      data.remove();
    }
  }

  // (b) A real PostgreSQL server, in a database created for this run and dropped afterwards.
  let pgResult: Scenario | undefined;
  if (!(await postgresReachable())) {
    note(`PostgreSQL run skipped: nothing accepts connections on ${PG_HOST}:${PG_PORT}`);
  } else {
    const data = tempDir('bench-api-pg');
    let app: AppServer | undefined;
    let db: Awaited<ReturnType<typeof createTempDatabase>> | undefined;
    try {
      const version = await postgresVersion();
      db = await createTempDatabase('bench_api');
      app = await startApp({ dataDir: data.dir, databaseUrl: db.url });
      pgResult = await measure('PostgreSQL', `${version} on ${PG_HOST}:${PG_PORT} (database ${db.name}, demo content)`, app);
      results.push(pgResult);
    } catch (error) {
      console.log(`   PostgreSQL run failed: ${message(error)}`);
      failed.push('PostgreSQL');
    } finally {
      await app?.stop();
      await db?.drop().catch((error: unknown) => note(`could not drop database ${db?.name}: ${reason(error)}`));
      data.remove();
    }
  }

  console.log('');
  const summary: string[][] = [['', 'app req/s', 'bare req/s', 'ratio', '']];
  for (const r of results) {
    const isPg = r === pgResult;
    summary.push([
      r.name,
      int(r.app.rps),
      int(r.bare.rps),
      r.ratio.toFixed(2),
      isPg
        ? check('API on PostgreSQL: app / bare req/s', r.ratio.toFixed(2), r.ratio >= TARGET_RATIO, `≥ ${TARGET_RATIO}`)
        : 'no target (embedded database: one connection)',
    ]);
  }
  if (results.length) table(summary);
  if (failed.length) throw new Error(`the ${failed.join(' and ')} run${failed.length > 1 ? 's' : ''} failed (see above)`);
}
