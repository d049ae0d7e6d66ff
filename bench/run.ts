// npm run bench [-- name …]: runs the benchmark modules in turn and prints a readable report.
// Benchmarks never assert timings: a missed target prints MISSED and the run goes on; the exit code
// is 0 unless a benchmark could not run at all (it threw), or the arguments name no benchmark.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { checkedTargets, heading, message, reason, table } from './lib/report.ts';
import { interrupt, ROOT_DIR, runCleanups } from './lib/server.ts';

interface BenchModule {
  name: string;
  file: string;
  what: string;
}

// Lighthouse runs last: it measures the pages, which other work changes most.
const MODULES: BenchModule[] = [
  { name: 'api', file: './api.ts', what: 'GET /api/puppies/featured vs a bare Fastify route (PGlite, PostgreSQL)' },
  { name: 'load', file: './load.ts', what: '500 connections × 60 s of mixed reads and writes: latency, errors, memory, writes lost' },
  {
    name: 'faults',
    file: './faults.ts',
    what: 'the database goes away and SIGTERM, both under load: answers, recovery, resets, writes lost; a damaged or killed restore; a newsletter sender killed mid-send',
  },
  { name: 'pages', file: './pages.ts', what: 'server rendering per page, and cached GET / vs @fastify/static' },
  { name: 'startup', file: './startup.ts', what: '`npm start` to the first 200 from /readyz' },
  { name: 'auth', file: './auth.ts', what: 'argon2id hash time, logins per second' },
  { name: 'media', file: './media.ts', what: 'photo ingest and first variant' },
  { name: 'health', file: './health.ts', what: 'a care item for a litter of 12; the passport PDF with 40 care items' },
  {
    name: 'unsubscribe-link',
    file: './unsubscribe-link.ts',
    what: 'the unsubscribe-link request, subscribed against unknown addresses: 40 interleaved samples, medians',
  },
  { name: 'visits', file: './visits.ts', what: 'free slots for 60 days with 500 bookings (GET /api/availability, p95 ≤ 30 ms)' },
  {
    name: 'contracts',
    file: './contracts.ts',
    what: 'sealing a contract (signed PDF with its audit page) p95, memory after 100 seals in a row',
  },
  {
    name: 'messages',
    file: './messages.ts',
    what: 'conversations on PostgreSQL: open a thread among 20,000 messages, live delivery to 200 subscriptions, memory',
  },
  {
    name: 'streams',
    file: './streams.ts',
    what: '1,000 open live streams: memory per stream, idle cost, a reply reaching all, SIGTERM to exit',
  },
  {
    name: 'scale',
    file: './scale.ts',
    what: 'one decade of records against a hundred (seeded N = 1 and N = 100): dashboard lists, COI, pairing, CSV export, backup, public pages, start-up, a newsletter in the server',
  },
  {
    name: 'today',
    file: './today.ts',
    what: 'the Today request (GET /trpc/admin.today.get) on the demo seed and at N = 100: p95, bytes, SQL statements',
  },
  {
    name: 'export',
    file: './export.ts',
    what: 'the full export (GET /api/admin/export) of the scale seed at N = 100 from the server: time, size, peak memory over idle',
  },
  {
    name: 'imports',
    file: './imports.ts',
    what: 'importing 10,000 families and 2,000 dogs from CSV: preview ≤ 30 s, commit ≤ 60 s, memory over idle ≤ 100 MB',
  },
  { name: 'lighthouse', file: './lighthouse.ts', what: 'Lighthouse (mobile) on home, a blog post, a family tree and the questionnaire' },
];

function usage() {
  console.log('usage: npm run bench [-- name …]\n\nbenchmarks:');
  for (const m of MODULES) console.log(`  ${m.name.padEnd(11)} ${m.what}`);
  console.log(`
settings (environment):
  CLIENT_DIR     the client build to serve (default dist/client); built first when missing or older than its sources
  CHROMIUM_PATH  the browser Lighthouse drives (default /usr/bin/chromium)
  BENCH_SECONDS  length of each API load run (default 10; shorter only while working on the benchmarks)
  FAULTS_CASES   the faults cases to run, of outage,sigterm,restore,newsletter (default all)
  SCALE_ROUNDS   calls per operation and database in the scale benchmark (default 30)
  SCALE_DATABASES  url1,url100: measure two databases seeded earlier instead of seeding two new ones
  SCALE_PARTS    the scale sections to run, of lists,pedigrees,csv,backup,public,startup,newsletter (default all)
  SCALE_SEND_SECONDS  the scale newsletter's shortened sending run into an SMTP sink (default 30)
  TODAY_DATABASES  demoUrl,scaleUrl: the today benchmark measures two databases seeded earlier (TODAY_ROUNDS, default 60)
  EXPORT_DATABASE  url: the export benchmark downloads a database seeded earlier (EXPORT_SCALE, default 100, when it seeds)`);
}

function git(args: string[]) {
  try {
    return execFileSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function printEnvironment() {
  const cpus = os.cpus();
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) ? ' (with uncommitted changes)' : '';
  console.log(`Benchmarks, ${new Date().toISOString()}`);
  console.log(`  node ${process.version}, ${os.type()} ${os.release()}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}`);
  console.log(
    `  memory ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (commit) console.log(`  commit ${commit}${dirty}`);
  if (os.loadavg()[0] > cpus.length * 0.5) {
    console.log('  note: the machine is busy (load average above half the cores): figures will be lower and noisier');
  }
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('-h') || args.includes('--help')) {
    usage();
    return 0;
  }
  const unknown = args.filter((a) => !MODULES.some((m) => m.name === a));
  if (unknown.length) {
    console.log(`unknown benchmark: ${unknown.join(', ')}\n`);
    usage();
    return 2;
  }
  const selected = args.length ? MODULES.filter((m) => args.includes(m.name)) : MODULES;

  printEnvironment();
  const outcomes: { name: string; status: string; seconds: number }[] = [];
  for (const m of selected) {
    const started = performance.now();
    const file = fileURLToPath(new URL(m.file, import.meta.url));
    let status: string;
    if (!existsSync(file)) {
      heading(m.what);
      console.log(`   note: bench/${m.file.slice(2)} is not there yet: skipped`);
      status = 'missing';
    } else {
      try {
        const mod = (await import(m.file)) as { run?: () => Promise<void> };
        if (typeof mod.run !== 'function') throw new Error(`bench/${m.file.slice(2)} exports no run() function`);
        await mod.run();
        status = 'done';
      } catch (error) {
        console.log(`\n   ERROR in ${m.name}: ${message(error)}`);
        const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((l) => l.startsWith('    at ')) : [];
        if (frames.length) console.log(frames.slice(0, 5).join('\n'));
        status = 'ERROR';
      } finally {
        await runCleanups();
      }
    }
    outcomes.push({ name: m.name, status, seconds: (performance.now() - started) / 1000 });
  }

  heading('Summary');
  table([['benchmark', 'status', 'time'], ...outcomes.map((o) => [o.name, o.status, `${o.seconds.toFixed(0)} s`])]);
  const targets = checkedTargets();
  if (targets.length) {
    console.log('');
    table([['target', 'value', 'goal', ''], ...targets.map((t) => [t.label, t.value, t.target, t.ok ? 'ok' : 'MISSED'])]);
    const missed = targets.filter((t) => !t.ok).length;
    console.log(`\n   ${targets.length - missed} of ${targets.length} targets met${missed ? `, ${missed} MISSED` : ''}.`);
  }
  return outcomes.some((o) => o.status === 'ERROR') ? 1 : 0;
}

let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) process.exit(130);
  interrupted = true;
  interrupt();
  console.log(`\n${signal}: stopping servers and removing temporary data …`);
  void runCleanups().finally(() => process.exit(130));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const code = await main().catch(async (error: unknown) => {
  console.log(`bench failed: ${reason(error)}`);
  return 1;
});
await runCleanups();
process.exit(code);
