// Load and soak: 500 connections for 60 s of mixed traffic (90 % public reads and pages, 10 % inquiries
// and subscriptions with unique markers from many client addresses) on a real PostgreSQL server and on
// the embedded database. Prints throughput, latency, errors by kind, resident memory idle / peak / after,
// and acknowledged writes without a stored row (must be 0).
import { createTempDatabase, postgresReachable, postgresVersion } from './lib/postgres.ts';
import { bytes, check, heading, int, message, ms, note, table } from './lib/report.ts';
import { ensureClientBuild, sleep, startApp, tempDir, type AppServer } from './lib/server.ts';
import { BENCH_ADMIN, mixedLoad, rss, sampleRss, statusList, storedWrites } from './lib/probe.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) > 0 ? Number(process.env.BENCH_CONNECTIONS) : 500;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS) > 0 ? Number(process.env.BENCH_LOAD_SECONDS) : 60;
const MB = 1024 * 1024;
const TARGETS = { idle: 150 * MB, load: 300 * MB };

/** Idle: this long after ready without a request (the figure checked against the target; 2 s after ready is printed beside it). */
const SETTLE_MS = 15_000;

async function scenario(name: string, app: AppServer) {
  await sleep(2000);
  const justStarted = rss(app.child.pid);
  await sleep(SETTLE_MS - 2000);
  const idle = rss(app.child.pid);
  const marker = `load${Date.now().toString(36)}`;
  const sampler = sampleRss(app.child.pid);
  const result = await mixedLoad(app.url, { connections: CONNECTIONS, seconds: SECONDS, marker });
  const { peak } = sampler.stop();
  await sleep(5000);
  const after = rss(app.child.pid);
  const stored = await storedWrites(app.url, marker, result.acknowledgedIds);
  console.log(`\n   ${name}: ${CONNECTIONS} connections × ${SECONDS} s`);
  table([
    ['req/s', 'responses', 'p50', 'p99', 'max', 'connection errors', 'timeouts'],
    [int(result.rps), int(result.total), ms(result.p50), ms(result.p99), ms(result.max), int(result.errors), int(result.timeouts)],
  ]);
  console.log(`   reads:         ${statusList(result.answers.read)}`);
  console.log(`   inquiries:     ${statusList(result.answers.inquiry)}`);
  console.log(`   subscriptions: ${statusList(result.answers.subscriber)}`);
  const acked = result.acknowledged.inquiry + result.acknowledged.subscriber;
  const rows = stored.inquiry + stored.subscriber;
  console.log(
    `   writes acknowledged ${int(acked)}, rows stored ${int(rows)} (inquiries ${int(stored.inquiry)}, subscriptions ${int(stored.subscriber)}; ` +
      `${int(stored.unacknowledged)} still in flight when the run ended), acknowledged but not stored: ${int(stored.lost)}`,
  );
  console.log(
    `   resident memory: 2 s after ready ${bytes(justStarted)}, idle (${SETTLE_MS / 1000} s after ready, no requests) ${bytes(idle)}, ` +
      `peak under load ${bytes(peak)}, 5 s after ${bytes(after)}`,
  );
  return { result, idle, peak, after, lost: stored.lost };
}

export async function run(): Promise<void> {
  heading(`Load: ${CONNECTIONS} connections × ${SECONDS} s, 90 % reads / 10 % writes`);
  ensureClientBuild();
  const extraEnv = {
    TRUST_PROXY: '1',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_SUMMARY_SECONDS: '0',
  };
  const failed: string[] = [];

  if (!(await postgresReachable())) {
    note('PostgreSQL run skipped: no server on 127.0.0.1:5432');
  } else {
    const data = tempDir('bench-load-pg');
    const db = await createTempDatabase('bench_load');
    let app: AppServer | undefined;
    try {
      const version = await postgresVersion();
      app = await startApp({ dataDir: data.dir, databaseUrl: db.url, extraEnv });
      const r = await scenario(`PostgreSQL (${version})`, app);
      const errors = r.result.errors + r.result.timeouts + (r.result.non2xx ?? 0);
      table([
        ['PostgreSQL', 'value', ''],
        ['errors (connection, timeout, non-2xx)', int(errors), check('load: errors', int(errors), errors === 0, '0')],
        ['writes lost', int(r.lost), check('load: writes lost', int(r.lost), r.lost === 0, '0')],
        ['resident memory idle', bytes(r.idle), check('memory idle (PostgreSQL)', bytes(r.idle), r.idle <= TARGETS.idle, '≤ 150 MB')],
        [
          'resident memory peak under load',
          bytes(r.peak),
          check('memory under load (PostgreSQL)', bytes(r.peak), r.peak <= TARGETS.load, '≤ 300 MB'),
        ],
      ]);
    } catch (error) {
      console.log(`   PostgreSQL run failed: ${message(error)}`);
      failed.push('PostgreSQL');
    } finally {
      await app?.stop();
      await db.drop().catch(() => undefined);
      data.remove();
    }
  }

  {
    const data = tempDir('bench-load-pglite');
    let app: AppServer | undefined;
    try {
      app = await startApp({ dataDir: data.dir, extraEnv });
      const r = await scenario('embedded PGlite', app);
      table([
        ['embedded', 'value', ''],
        ['writes lost', int(r.lost), check('load (embedded): writes lost', int(r.lost), r.lost === 0, '0')],
        ['resident memory idle / peak', `${bytes(r.idle)} / ${bytes(r.peak)}`, 'no target (the embedded engine holds its own memory)'],
      ]);
    } catch (error) {
      console.log(`   embedded run failed: ${message(error)}`);
      failed.push('embedded');
    } finally {
      await app?.stop();
      data.remove();
    }
  }
  if (failed.length) throw new Error(`the ${failed.join(' and ')} load run failed (see above)`);
}
