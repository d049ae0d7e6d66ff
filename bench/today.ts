// The breeder's Today screen (issue 34): the one request it loads (GET /trpc/admin.today.get, signed in as the breeder,
// through the app's HTTP layer in-process) on the demo seed and on the demo seed plus a hundred decades of records
// (`npm run db:seed -- --scale 100`), on PostgreSQL. Calls alternate between the two databases so the shared
// machine's noise falls on both. Reported: server time p95, the answer's bytes (plain and as sent compressed), and how
// many SQL statements one request runs. Targets: p95 ≤ 50 ms on the demo data, and ≤ 1.5× that at N = 100.
// TODAY_DATABASES=demoUrl,scaleUrl measures two databases seeded earlier instead of seeding two new ones.
import path from 'node:path';
import { createTempDatabase, postgresReachable, postgresVersion } from './lib/postgres.ts';
import { bytes, check, heading, int, ms, note, table } from './lib/report.ts';
import { NODE, ROOT_DIR, spawnChild, tempDir } from './lib/server.ts';
import { closeDatabase, openDatabase } from '../src/server/db.ts';
import { buildApp } from '../src/server/app.ts';
import { loadEnv } from '../src/server/env.ts';
import { signIn } from '../src/server/testing/auth.ts';
import { TODAY_SOURCES } from '../src/server/today-sources.ts';

const ROUNDS = Number(process.env.TODAY_ROUNDS) > 0 ? Number(process.env.TODAY_ROUNDS) : 60;
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;
const URL = `/trpc/admin.today.get?input=${encodeURIComponent('{}')}`;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(url: string, scale: number) {
  const args = [path.join(ROOT_DIR, 'src/server/cli/db.ts'), 'seed', ...(scale ? ['--scale', String(scale)] : [])];
  const child = spawnChild(NODE, args, { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const code = await child.exited;
  if (code !== 0) throw new Error(`seeding ${scale ? `N = ${scale}` : 'the demo'} failed (exit ${code}):\n${child.output().slice(-2000)}`);
}

interface Side {
  label: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  orm: Awaited<ReturnType<typeof openDatabase>>;
  cookie: string;
  /** SQL statements run since the counter was last read. */
  statements: () => number;
  remove: () => void;
}

async function open(label: string, url: string): Promise<Side> {
  const dir = tempDir('bench-today');
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dir.dir, DATABASE_URL: url, PUBLIC_CACHE_MS: '0' });
  const orm = await openDatabase({ databaseUrl: url });
  // Every statement goes through the driver's connection (plain SQL and the ORM's queries alike): count them there.
  let count = 0;
  const driver = orm.em.getDriver();
  for (const connection of new Set([driver.getConnection('read'), driver.getConnection('write')])) {
    const execute = connection.execute.bind(connection) as (...args: unknown[]) => Promise<unknown>;
    (connection as unknown as { execute: (...args: unknown[]) => Promise<unknown> }).execute = (...args: unknown[]) => {
      count++;
      return execute(...args);
    };
  }
  const app = await buildApp({ orm, env, closeOrm: false, logger: false });
  await app.ready();
  const { cookie } = await signIn(orm, { isAdmin: true, username: 'bench_today' });
  return {
    label,
    app,
    orm,
    cookie,
    statements: () => {
      const n = count;
      count = 0;
      return n;
    },
    remove: () => dir.remove(),
  };
}

const get = (side: Side, encoding?: string) =>
  side.app.inject({ method: 'GET', url: URL, headers: { cookie: side.cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

export async function run() {
  heading('Today: the one request of the dashboard’s first screen (GET /trpc/admin.today.get), demo data and N = 100, PostgreSQL');
  if (!(await postgresReachable())) {
    note('no PostgreSQL server at 127.0.0.1:5432: skipped');
    return;
  }
  console.log(`   ${await postgresVersion()}, ${ROUNDS} rounds per database, calls alternating between the two`);
  let urls = process.env.TODAY_DATABASES?.split(',').filter(Boolean) ?? [];
  if (urls.length !== 2) {
    const dbs = await Promise.all([createTempDatabase('bench_today_demo'), createTempDatabase('bench_today_scale')]);
    urls = dbs.map((d) => d.url);
    console.log('   seeding both databases (npm run db:seed, and with -- --scale 100) …');
    const started = performance.now();
    await Promise.all([seed(urls[0]!, 0), seed(urls[1]!, 100)]);
    console.log(`   seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else note('TODAY_DATABASES given: measuring the two databases as they are');

  const sides: Side[] = [];
  try {
    sides.push(await open('demo', urls[0]!), await open('N = 100', urls[1]!));
    const shape = [] as string[][];
    for (const side of sides) {
      // Warm up (VAPID, prepared plans, JIT), then one request's statements and sizes.
      for (let i = 0; i < 5; i++) await get(side);
      side.statements();
      const res = await get(side);
      const statements = side.statements();
      if (res.statusCode !== 200) throw new Error(`Today answered ${res.statusCode} on ${side.label}: ${res.body.slice(0, 300)}`);
      const data = (
        res.json() as { result: { data: { action: unknown[]; scheduled: unknown[]; activity: unknown[]; unavailable: string[] } } }
      ).result.data;
      if (data.unavailable.length) throw new Error(`Today could not load ${data.unavailable.join(', ')} on ${side.label}`);
      const br = await get(side, 'br, gzip');
      shape.push([
        side.label,
        `${data.action.length} / ${data.scheduled.length} / ${data.activity.length}`,
        bytes(res.rawPayload.length),
        `${bytes(br.rawPayload.length)} (${br.headers['content-encoding'] ?? 'none'})`,
        String(statements),
      ]);
    }
    table([['data', 'lines (action / scheduled / activity)', 'answer', 'as sent', 'SQL statements'], ...shape]);

    const times = sides.map(() => [] as number[]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, side] of sides.entries()) {
        const started = performance.now();
        const res = await get(side, 'br, gzip');
        times[i]!.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`Today answered ${res.statusCode} on ${side.label}`);
      }
    }
    const [demo, scale] = times.map(p95) as [number, number];
    const ratio = scale / demo;
    table([
      ['data', 'median', 'p95', 'target'],
      ['demo', ms(median(times[0]!), 1), ms(demo, 1), `≤ ${TARGET_MS} ms`],
      ['N = 100', ms(median(times[1]!), 1), ms(scale, 1), `≤ ${TARGET_RATIO}× the demo's (${ratio.toFixed(2)}×)`],
    ]);
    console.log(`   ${check('today: admin.today.get p95 on the demo data', ms(demo, 1), demo <= TARGET_MS, `≤ ${TARGET_MS} ms`)}`);
    console.log(
      `   ${check('today: admin.today.get p95 at N = 100 ÷ demo', `${ratio.toFixed(2)}× (${ms(scale, 1)})`, ratio <= TARGET_RATIO, `≤ ${TARGET_RATIO}×`)}`,
    );
    console.log(`   ${int(ROUNDS)} requests per database`);

    heading('Today: each source alone (p95 of 20 calls, one after another), to find what grows with the data');
    const perSource = [['source', 'demo', 'N = 100', 'ratio']];
    for (const { name, source } of TODAY_SOURCES) {
      const each = sides.map(() => [] as number[]);
      for (let r = 0; r < 23; r++) {
        for (const [i, side] of sides.entries()) {
          const started = performance.now();
          await source(side.orm.em.fork(), new Date());
          if (r >= 3) each[i]!.push(performance.now() - started);
        }
      }
      const [a, b] = each.map(p95) as [number, number];
      perSource.push([name, ms(a, 1), ms(b, 1), `${(b / a).toFixed(2)}×`]);
    }
    table(perSource);
  } finally {
    for (const side of sides) {
      await side.app.close().catch(() => undefined);
      await closeDatabase(side.orm).catch(() => undefined);
      side.remove();
    }
  }
}
