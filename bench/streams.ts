// Live streams (issue 44, decision 139): 1,000 open server-sent-event streams on one server process (as `npm start`
// runs it, on PostgreSQL when reachable, else the embedded database): resident memory per open stream (≤ 50 KB), the
// idle cost of the 1,000 (≤ 60 MB, and the CPU they take while nothing happens), a breeder's reply reaching all 1,000
// (p95 ≤ 1 s), and SIGTERM with the 1,000 open until the process has exited (≤ 2 s). The streams are one family's
// pages (the caps raised for the run) in a process of their own (bench/lib/sse-clients.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { closeDatabase, migrate, openDatabase } from '../src/server/db.ts';
import { signIn } from '../src/server/testing/auth.ts';
import { check, heading, int, ms, table } from './lib/report.ts';
import { createTempDatabase, postgresReachable } from './lib/postgres.ts';
import { NODE, ROOT_DIR, onCleanup, sleep, startApp, tempDir, type AppServer } from './lib/server.ts';
import { cpuMs, rss } from './lib/probe.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = 20;
const IDLE_SECONDS = 10;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

export async function run() {
  const onPostgres = await postgresReachable();
  heading(`Live streams: ${int(STREAMS)} open streams on one server (${onPostgres ? 'PostgreSQL' : 'embedded database'})`);
  const db = onPostgres ? await createTempDatabase('bench_streams') : null;
  const dataDir = tempDir('bench-streams').dir;
  const orm = await openDatabase(db ? { databaseUrl: db.url } : { pgliteDir: path.join(dataDir, 'db') });
  let server: AppServer | undefined;
  let stopClients = () => {};
  try {
    await migrate(orm);
    const breeder = await signIn(orm, { isAdmin: true, username: 'bench_breeder' });
    const family = await signIn(orm, { isAdmin: false, username: 'bench_family' });
    if (!db) await closeDatabase(orm); // the embedded database is one process's at a time
    server = await startApp({
      ...(db ? { databaseUrl: db.url } : {}),
      dataDir,
      command: [NODE, 'src/server/main.ts'],
      extraEnv: {
        SEED_DEMO: 'false',
        RATE_LIMIT_FACTOR: '50',
        LIVE_STREAMS_PER_SESSION: String(STREAMS),
        LIVE_STREAMS_PER_ACCOUNT: String(STREAMS),
        LIVE_STREAMS_PER_ADDRESS: String(STREAMS),
      },
    });
    const origin = server.url;
    const pid = server.child.pid;
    const post = async (procedure: string, cookie: string, input: unknown) => {
      const res = await fetch(`${origin}/trpc/${procedure}`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (!res.ok) throw new Error(`${procedure} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      return ((await res.json()) as { result: { data: { id: number; conversationId: number } } }).result.data;
    };
    const { conversationId } = await post('messages.send', family.cookie, { text: 'Hello from the family' });
    // Warm: a few replies and stream openings before the baseline, so the figure is the streams' and not the first use's.
    for (let i = 0; i < 5; i++) await post('admin.messages.send', breeder.cookie, { conversationId, text: `Warm-up ${i}` });
    await sleep(1000);
    const before = rss(pid);

    const arrivals = new Map<number, number[]>();
    const clients = spawn(
      NODE,
      [path.join(ROOT_DIR, 'bench/lib/sse-clients.ts'), `${origin}/trpc/messages.live`, family.cookie, String(STREAMS)],
      {
        cwd: ROOT_DIR,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    stopClients = () => {
      clients.stdin.end();
      if (clients.exitCode === null) clients.kill();
    };
    const unregister = onCleanup(stopClients);
    let stderr = '';
    clients.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      clients.on('exit', (code) => reject(new Error(`the stream clients exited (${code}): ${stderr.slice(-1000)}`)));
      createInterface({ input: clients.stdout }).on('line', (line) => {
        const [what, a, b] = line.split(' ');
        if (what === 'ready') resolve();
        else if (what === 'arrived') (arrivals.get(Number(a)) ?? arrivals.set(Number(a), []).get(Number(a))!).push(Number(b));
      });
    });
    // Idle: the streams open, nothing said (pings aside).
    await sleep(1000);
    const cpuBefore = cpuMs(pid);
    await sleep(IDLE_SECONDS * 1000);
    const idleCpuMs = cpuMs(pid) - cpuBefore;
    const open = rss(pid);
    const perStream = (open - before) / STREAMS;

    // The breeder replies: how long until each of the family's open pages has it.
    const sentAt = new Map<number, number>();
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.timeOrigin + performance.now();
      const { id } = await post('admin.messages.send', breeder.cookie, { conversationId, text: `Reply ${i}` });
      sentAt.set(id, started);
      await sleep(200);
    }
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && [...sentAt.keys()].some((id) => (arrivals.get(id)?.length ?? 0) < STREAMS)) await sleep(50);
    const delivery: number[] = [];
    let missing = 0;
    for (const [id, started] of sentAt) {
      const got = arrivals.get(id) ?? [];
      missing += STREAMS - got.length;
      for (const at of got) delivery.push(at - started);
    }

    // SIGTERM with every stream open: until the process has exited.
    const termAt = performance.now();
    process.kill(pid, 'SIGTERM');
    await server.child.exited;
    const exitMs = performance.now() - termAt;
    stopClients();
    unregister();

    table([
      ['figure', 'value', ''],
      [
        'resident memory per open stream',
        `${(perStream / 1024).toFixed(1)} KB`,
        check('streams: memory per open stream', `${(perStream / 1024).toFixed(1)} KB`, perStream <= 50 * 1024, '≤ 50 KB'),
      ],
      [
        `${int(STREAMS)} streams idle: memory`,
        `${((open - before) / 2 ** 20).toFixed(1)} MB`,
        check(
          'streams: idle cost of 1,000 streams',
          `${((open - before) / 2 ** 20).toFixed(1)} MB`,
          open - before <= 60 * 2 ** 20,
          '≤ 60 MB',
        ),
      ],
      [`${int(STREAMS)} streams idle: CPU over ${IDLE_SECONDS} s`, `${int(idleCpuMs)} ms`, ''],
      [
        `a breeder reply reaching ${int(STREAMS)} streams, p95 (${ROUNDS} replies)`,
        ms(p95(delivery)),
        check('streams: reply to 1,000 streams p95', ms(p95(delivery)), p95(delivery) <= 1000 && missing === 0, '≤ 1 s, none lost'),
      ],
      ['deliveries missing', int(missing), ''],
      [
        `SIGTERM to exit, ${int(STREAMS)} streams open`,
        ms(exitMs),
        check('streams: SIGTERM with 1,000 streams', ms(exitMs), exitMs <= 2000, '≤ 2 s'),
      ],
      [
        'server resident memory: before the streams / with them',
        `${(before / 2 ** 20).toFixed(0)} MB / ${(open / 2 ** 20).toFixed(0)} MB`,
        '',
      ],
    ]);
  } finally {
    stopClients();
    await server?.stop();
    await closeDatabase(orm).catch(() => undefined);
    await db?.drop();
  }
}
