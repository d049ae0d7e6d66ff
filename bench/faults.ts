// Faults under load, on a real PostgreSQL server: (1) the database goes away twice while 100
// connections of mixed traffic run (every connection between the app and the server is reset through
// a TCP proxy, and the server refuses new ones for a while); (2) SIGTERM while 100 connections run.
// Prints what clients received meanwhile, /readyz during the outage, the longest stall, the time to
// recover without a restart, the pool afterwards, connections reset, and writes lost (must be 0).
import pg from 'pg';
import { createTempDatabase, postgresReachable, PG_HOST, PG_PORT } from './lib/postgres.ts';
import { check, heading, int, message, ms, note, seconds, table } from './lib/report.ts';
import { ensureClientBuild, httpGet, sleep, startApp, tempDir, type AppServer } from './lib/server.ts';
import { BENCH_ADMIN, mixedLoad, statusList, storedWrites } from './lib/probe.ts';
import { startTcpProxy } from '../src/server/testing/tcp-proxy.ts';

const CONNECTIONS = 100;
const OUTAGE_MS = 2000;
const RECOVERY_TARGET_MS = 5000;

interface Probe {
  at: number;
  status: number;
  ms: number;
}

/** Polls /readyz every 100 ms (each with a 5 s timeout) until stopped. */
function pollReadyz(url: string) {
  const probes: Probe[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      const status = await httpGet(`${url}/readyz`, { timeoutMs: 5000 }).then(
        (r) => r.status,
        () => 0,
      );
      probes.push({ at, status, ms: performance.now() - at });
      await sleep(100);
    }
  })();
  return {
    probes,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function backends(dbUrl: string, dbName: string): Promise<number> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function outage(db: { name: string; url: string }, data: string) {
  const proxy = await startTcpProxy(PG_HOST, PG_PORT);
  const viaProxy = db.url.replace(`:${PG_PORT}/`, `:${proxy.port}/`);
  const extraEnv = { TRUST_PROXY: '1', ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_SUMMARY_SECONDS: '0' };
  let app: AppServer | undefined;
  try {
    app = await startApp({ dataDir: data, databaseUrl: viaProxy, extraEnv });
    const marker = `fault${Date.now().toString(36)}`;
    const readyz = pollReadyz(app.url);
    const started = performance.now();
    const load = mixedLoad(app.url, { connections: CONNECTIONS, seconds: 16, marker, writeShare: 0.3 });
    const cuts: Array<{ cut: number; restored: number }> = [];
    for (const at of [3000, 9000]) {
      await sleep(Math.max(0, started + at - performance.now()));
      const cut = performance.now();
      await proxy.cut();
      await sleep(OUTAGE_MS);
      await proxy.restore();
      cuts.push({ cut, restored: performance.now() });
    }
    const result = await load;
    await readyz.stop();
    const stored = await storedWrites(app.url, marker, result.acknowledgedIds);

    console.log(`\n   database unreachable twice for ${seconds(OUTAGE_MS, 1)} under ${CONNECTIONS} connections (30 % writes)`);
    const rows: string[][] = [['outage', 'first 503 from /readyz after', 'ready again after restore', 'longest /readyz answer']];
    let worstRecovery = 0;
    for (const [i, c] of cuts.entries()) {
      const during = readyz.probes.filter((p) => p.at >= c.cut && p.at < c.restored);
      const first503 = during.find((p) => p.status === 503);
      const back = readyz.probes.find((p) => p.at >= c.restored && p.status === 200);
      const recovery = back ? back.at + back.ms - c.restored : Infinity;
      worstRecovery = Math.max(worstRecovery, recovery);
      rows.push([
        `#${i + 1}`,
        first503 ? ms(first503.at + first503.ms - c.cut) : 'never',
        back ? ms(recovery) : 'never',
        ms(Math.max(0, ...readyz.probes.filter((p) => p.at >= c.cut - 100 && p.at < c.restored + 5000).map((p) => p.ms))),
      ]);
    }
    table(rows);
    console.log(`   reads:         ${statusList(result.answers.read)}`);
    console.log(`   inquiries:     ${statusList(result.answers.inquiry)}`);
    console.log(`   subscriptions: ${statusList(result.answers.subscriber)}`);
    console.log(`   connection errors: ${statusList(result.errorsByCode)}; longest request ${ms(result.max)}`);
    const acked = result.acknowledged.inquiry + result.acknowledged.subscriber;
    const rowsStored = stored.inquiry + stored.subscriber;
    const five = Object.values(result.answers).reduce((n, byStatus) => n + (byStatus['500'] ?? 0), 0);
    const pool = await backends(db.url, db.name);
    table([
      ['', 'value', ''],
      ['recovery after the database returns (worst)', ms(worstRecovery), check('faults: recovery', ms(worstRecovery), worstRecovery <= RECOVERY_TARGET_MS, '≤ 5 s')],
      ['500 answers (should be 503 with Retry-After)', int(five), check('faults: 500s during the outage', int(five), five === 0, '0')],
      ['writes acknowledged / stored / lost', `${int(acked)} / ${int(rowsStored)} / ${int(stored.lost)}`, check('faults: writes lost', int(stored.lost), stored.lost === 0, '0 lost')],
      ['database connections held afterwards', int(pool), 'the pool refilled (10 is full)'],
    ]);
  } finally {
    await app?.stop();
    await proxy.close();
  }
}

async function sigterm(db: { url: string }, data: string) {
  const extraEnv = { TRUST_PROXY: '1', ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_SUMMARY_SECONDS: '0' };
  const app = await startApp({ dataDir: data, databaseUrl: db.url, extraEnv });
  const marker = `term${Date.now().toString(36)}`;
  try {
    const load = mixedLoad(app.url, { connections: CONNECTIONS, seconds: 6, marker, writeShare: 0.3 });
    await sleep(3000);
    const signalled = performance.now();
    process.kill(app.child.pid, 'SIGTERM');
    await app.child.exited;
    const exitMs = performance.now() - signalled;
    const result = await load;
    const again = await startApp({ dataDir: data, databaseUrl: db.url, extraEnv });
    let stored;
    try {
      stored = await storedWrites(again.url, marker, result.acknowledgedIds);
    } finally {
      await again.stop();
    }
    const acked = result.acknowledged.inquiry + result.acknowledged.subscriber;
    const rowsStored = stored.inquiry + stored.subscriber;
    const resets = (result.errorsByCode.ECONNRESET ?? 0) + (result.errorsByCode.EPIPE ?? 0);
    console.log(`\n   SIGTERM after 3 s of ${CONNECTIONS} connections`);
    console.log(`   reads:         ${statusList(result.answers.read)}`);
    console.log(`   writes:        ${statusList({ ...result.answers.inquiry, ...result.answers.subscriber })}`);
    console.log(`   connection errors: ${statusList(result.errorsByCode)} (refused ones come after the process exited)`);
    table([
      ['', 'value', ''],
      ['exit after SIGTERM', ms(exitMs), ''],
      ['connections reset mid-request', int(resets), check('SIGTERM: connections reset', int(resets), resets === 0, '0')],
      ['writes acknowledged / stored / lost', `${int(acked)} / ${int(rowsStored)} / ${int(stored.lost)}`, check('SIGTERM: writes lost', int(stored.lost), stored.lost === 0, '0 lost')],
    ]);
  } finally {
    await app.stop();
  }
}

export async function run(): Promise<void> {
  heading('Faults under load: the database goes away, and SIGTERM (PostgreSQL)');
  if (!(await postgresReachable())) {
    note('skipped: no PostgreSQL server on 127.0.0.1:5432');
    return;
  }
  ensureClientBuild();
  const data = tempDir('bench-faults');
  const db = await createTempDatabase('bench_faults');
  try {
    await outage(db, data.dir);
    await sigterm(db, data.dir);
  } catch (error) {
    throw new Error(`faults bench failed: ${message(error)}`, { cause: error });
  } finally {
    await db.drop().catch(() => undefined);
    data.remove();
  }
}
