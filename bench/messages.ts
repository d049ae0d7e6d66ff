// Conversations (issue 30) on PostgreSQL: 50 families and 20,000 messages; opening a conversation (the
// dashboard's first page, server time through inject, p95 ≤ 50 ms), and delivery of a new message to 200 open
// server-sent-event subscriptions on one instance (p95 ≤ 1 s), with the server's resident memory (≤ 300 MB). Delivery
// and memory are measured on the production server in a child process (as `npm start` runs it), with the 200 clients
// in another (bench/lib/sse-clients.ts): the memory figure is the server's own, not the clients' too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../src/server/app.ts';
import { closeDatabase, migrate, openDatabase } from '../src/server/db.ts';
import { loadEnv } from '../src/server/env.ts';
import { signIn } from '../src/server/testing/auth.ts';
import { check, heading, int, ms, note, table } from './lib/report.ts';
import { createTempDatabase, postgresReachable } from './lib/postgres.ts';
import { NODE, ROOT_DIR, ensureClientBuild, onCleanup, startApp, tempDir, type AppServer } from './lib/server.ts';
import { rss, sampleRss } from './lib/probe.ts';

const FAMILIES = 50;
const MESSAGES = 20_000;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const ROUNDS = 20;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

export async function run() {
  heading('Conversations: open a thread (50 families, 20,000 messages) and live delivery to 200 subscriptions, on PostgreSQL');
  if (!(await postgresReachable())) {
    note('PostgreSQL is not reachable on 127.0.0.1:5432: skipped');
    return;
  }
  const db = await createTempDatabase('bench_messages');
  const orm = await openDatabase({ databaseUrl: db.url });
  await migrate(orm);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATA_DIR: tempDir('bench-messages').dir,
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_MS: '0',
  });
  // Opening a thread is timed in this process (server time, through inject); live delivery and memory against the
  // production server in a child process, as `npm start` runs it on the same database.
  const app = await buildApp({ orm, env, closeOrm: false, logger: false });
  await app.ready();
  let server: AppServer | undefined;
  let stopClients = () => {};
  try {
    const admin = await signIn(orm, { isAdmin: true, username: 'bench_breeder' });
    const families = [];
    for (let i = 0; i < FAMILIES; i++) families.push(await signIn(orm, { isAdmin: false, username: `bench_family_${i}` }));
    const em = orm.em.fork();
    await em.execute(
      `insert into "conversations" ("family_id", "created_at") select u."id", now() from "users" u where u."username" like 'bench_family_%'`,
    );
    await em.execute(
      `insert into "messages" ("conversation_id", "sender", "text", "created_at")
       select c."id", case when g % 2 = 0 then 'family' else 'breeder' end, 'Message number ' || g || ': can we visit on Saturday? https://example.com', now() - (g || ' seconds')::interval
         from generate_series(1, ${MESSAGES}) g join lateral (select "id" from "conversations" order by "id" offset (g % ${FAMILIES}) limit 1) c on true`,
    );
    await em.execute(`update "conversations" c set "last_message_at" = now(), "breeder_unread" = 3, "preview" = 'Message'`);
    await em.execute('analyze');
    const [{ id: conversationId }] = await em.execute<Array<{ id: number }>>(`select "id" from "conversations" order by "id" limit 1`);

    // Opening a conversation: the first page of the thread as the dashboard asks for it.
    const open = async () => {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/trpc/admin.messages.conversation?input=${encodeURIComponent(JSON.stringify({ conversationId }))}`,
        headers: { cookie: admin.cookie },
      });
      if (res.statusCode !== 200) throw new Error(`conversation answered ${res.statusCode}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 10; i++) await open();
    const openTimes: number[] = [];
    for (let i = 0; i < 200; i++) openTimes.push(await open());
    const listTimes: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await app.inject({
        method: 'GET',
        url: `/trpc/admin.messages.list?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`,
        headers: { cookie: admin.cookie },
      });
      listTimes.push(performance.now() - started);
    }

    await app.close();

    // 200 open subscriptions (the breeder's dashboard in 200 tabs), a message every 100 ms, to the server in its own
    // process; the subscribers live in another, so the server's resident memory is its own.
    ensureClientBuild();
    server = await startApp({
      databaseUrl: db.url,
      dataDir: tempDir('bench-messages-server').dir,
      extraEnv: { SEED_DEMO: 'false', RATE_LIMIT_FACTOR: '50' },
    });
    const origin = server.url;
    const memory = sampleRss(server.child.pid, 100);
    const idleMb = rss(server.child.pid) / 2 ** 20;
    const arrivals = new Map<number, number[]>();
    const clients = spawn(
      NODE,
      [path.join(ROOT_DIR, 'bench/lib/sse-clients.ts'), `${origin}/trpc/admin.messages.live`, admin.cookie, String(SUBSCRIBERS)],
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
    let clientsRssMb = 0;
    let stderr = '';
    clients.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      clients.on('exit', (code) => reject(new Error(`the subscription clients exited (${code}): ${stderr.slice(-1000)}`)));
      createInterface({ input: clients.stdout }).on('line', (line) => {
        const [what, a, b] = line.split(' ');
        if (what === 'ready') {
          clientsRssMb = Number(a);
          resolve();
        } else if (what === 'arrived') (arrivals.get(Number(a)) ?? arrivals.set(Number(a), []).get(Number(a))!).push(Number(b));
      });
    });
    const sentAt = new Map<number, number>();
    for (let i = 0; i < ROUNDS; i++) {
      const family = families[i % FAMILIES]!;
      // On the clock the child process reads too (epoch milliseconds, sub-millisecond resolution).
      const started = performance.timeOrigin + performance.now();
      const res = await fetch(`${origin}/trpc/messages.send`, {
        method: 'POST',
        headers: { cookie: family.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Live message ${i}` }),
      });
      if (!res.ok) throw new Error(`messages.send answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const id = ((await res.json()) as { result: { data: { id: number } } }).result.data.id;
      sentAt.set(id, started);
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && [...sentAt.keys()].some((id) => (arrivals.get(id)?.length ?? 0) < SUBSCRIBERS))
      await new Promise((r) => setTimeout(r, 50));
    const delivery: number[] = [];
    let missing = 0;
    for (const [id, started] of sentAt) {
      const got = arrivals.get(id) ?? [];
      missing += SUBSCRIBERS - got.length;
      for (const at of got) delivery.push(at - started);
    }
    const { peak, last } = memory.stop();
    const [peakMb, lastMb] = [peak / 2 ** 20, last / 2 ** 20];
    stopClients();
    unregister();

    table([
      ['figure', 'value', ''],
      [
        'open a conversation, p95 (200 runs)',
        ms(p95(openTimes), 1),
        check('messages: open conversation p95', ms(p95(openTimes), 1), p95(openTimes) <= 50, '≤ 50 ms'),
      ],
      ['conversation list page, p95 (100 runs)', ms(p95(listTimes), 1), ''],
      [
        `delivery to ${SUBSCRIBERS} subscriptions, p95 (${ROUNDS} messages)`,
        ms(p95(delivery)),
        check('messages: live delivery p95', ms(p95(delivery)), p95(delivery) <= 1000 && missing === 0, '≤ 1 s, none lost'),
      ],
      ['deliveries missing', int(missing), ''],
      [
        'server resident memory, peak with the subscriptions open',
        `${peakMb.toFixed(0)} MB`,
        check('messages: server resident memory (peak)', `${peakMb.toFixed(0)} MB`, peakMb <= 300, '≤ 300 MB'),
      ],
      ['server resident memory: started / at the end', `${idleMb.toFixed(0)} MB / ${lastMb.toFixed(0)} MB`, ''],
      [`the ${SUBSCRIBERS} clients' process, resident memory`, `${clientsRssMb} MB`, ''],
    ]);
  } finally {
    // Open event streams would keep the server from closing.
    stopClients();
    await server?.stop();
    await app.close().catch(() => undefined);
    await closeDatabase(orm);
    await db.drop();
  }
}
