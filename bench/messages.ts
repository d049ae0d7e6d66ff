// Conversations (issue 30) on PostgreSQL: 50 families and 20,000 messages; opening a conversation (the
// dashboard's first page, server time through inject, p95 ≤ 50 ms), and delivery of a new message to 200 open
// server-sent-event subscriptions on one instance (p95 ≤ 1 s), with the process's resident memory (≤ 300 MB).
import { buildApp } from '../src/server/app.ts';
import { closeDatabase, migrate, openDatabase } from '../src/server/db.ts';
import { loadEnv } from '../src/server/env.ts';
import { signIn } from '../src/server/testing/auth.ts';
import { check, heading, int, ms, note, table } from './lib/report.ts';
import { createTempDatabase, postgresReachable } from './lib/postgres.ts';
import { tempDir } from './lib/server.ts';

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
  const env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: db.url, DATA_DIR: tempDir('bench-messages').dir, LOG_LEVEL: 'silent', PUBLIC_CACHE_MS: '0' });
  const app = await buildApp({ orm, env, closeOrm: false, logger: false });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const controllers: AbortController[] = [];
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
      const res = await app.inject({ method: 'GET', url: `/trpc/admin.messages.conversation?input=${encodeURIComponent(JSON.stringify({ conversationId }))}`, headers: { cookie: admin.cookie } });
      if (res.statusCode !== 200) throw new Error(`conversation answered ${res.statusCode}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 10; i++) await open();
    const openTimes: number[] = [];
    for (let i = 0; i < 200; i++) openTimes.push(await open());
    const listTimes: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: `/trpc/admin.messages.list?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`, headers: { cookie: admin.cookie } });
      listTimes.push(performance.now() - started);
    }

    // 200 open subscriptions (the breeder's dashboard in 200 tabs), a message every 100 ms.
    const arrivals = new Map<number, number[]>();
    const ready: Array<Promise<void>> = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const ac = new AbortController();
      controllers.push(ac);
      ready.push(
        (async () => {
          const res = await fetch(`${origin}/trpc/admin.messages.live`, { headers: { cookie: admin.cookie }, signal: ac.signal });
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          let connected: () => void = () => undefined;
          const isConnected = new Promise<void>((r) => (connected = r));
          void (async () => {
            try {
              for (;;) {
                const { value, done } = await reader.read();
                if (done) return;
                buffer += decoder.decode(value, { stream: true });
                let end: number;
                while ((end = buffer.indexOf('\n\n')) >= 0) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  if (block.includes('event: connected')) connected();
                  const data = /^data: (.*)$/m.exec(block)?.[1];
                  const id = data ? (JSON.parse(data) as { messageId?: number }).messageId : undefined;
                  if (id) (arrivals.get(id) ?? arrivals.set(id, []).get(id)!).push(performance.now());
                }
              }
            } catch {
              // aborted at the end
            }
          })();
          await isConnected;
        })(),
      );
    }
    await Promise.all(ready);
    const sentAt = new Map<number, number>();
    for (let i = 0; i < ROUNDS; i++) {
      const family = families[i % FAMILIES]!;
      const started = performance.now();
      const res = await fetch(`${origin}/trpc/messages.send`, {
        method: 'POST',
        headers: { cookie: family.cookie, origin: env.APP_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Live message ${i}` }),
      });
      const id = ((await res.json()) as { result: { data: { id: number } } }).result.data.id;
      sentAt.set(id, started);
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && [...sentAt.keys()].some((id) => (arrivals.get(id)?.length ?? 0) < SUBSCRIBERS)) await new Promise((r) => setTimeout(r, 50));
    const delivery: number[] = [];
    let missing = 0;
    for (const [id, started] of sentAt) {
      const got = arrivals.get(id) ?? [];
      missing += SUBSCRIBERS - got.length;
      for (const at of got) delivery.push(at - started);
    }
    const rssMb = process.memoryUsage().rss / 2 ** 20;
    controllers.forEach((c) => c.abort());

    table([
      ['figure', 'value', ''],
      ['open a conversation, p95 (200 runs)', ms(p95(openTimes), 1), check('messages: open conversation p95', ms(p95(openTimes), 1), p95(openTimes) <= 50, '≤ 50 ms')],
      ['conversation list page, p95 (100 runs)', ms(p95(listTimes), 1), ''],
      [`delivery to ${SUBSCRIBERS} subscriptions, p95 (${ROUNDS} messages)`, ms(p95(delivery)), check('messages: live delivery p95', ms(p95(delivery)), p95(delivery) <= 1000 && missing === 0, '≤ 1 s, none lost')],
      ['deliveries missing', int(missing), ''],
      ['resident memory (bench and server in one process)', `${rssMb.toFixed(0)} MB`, check('messages: resident memory', `${rssMb.toFixed(0)} MB`, rssMb <= 300, '≤ 300 MB')],
    ]);
  } finally {
    // Open event streams would keep the server from closing.
    controllers.forEach((c) => c.abort());
    await app.close();
    await closeDatabase(orm);
    await db.drop();
  }
}
