// Faults under load, on a real PostgreSQL server: (1) the database goes away twice while 100
// connections of mixed traffic run (every connection between the app and the server is reset through
// a TCP proxy, and the server refuses new ones for a while); (2) SIGTERM while 100 connections run.
// Prints what clients received meanwhile, /readyz during the outage, the longest stall, the time to
// recover without a restart, the pool afterwards, connections reset, and writes lost (must be 0).
// (3) Restore, on the embedded database and on PostgreSQL: db:restore --force with a truncated file,
// with a flipped byte, and killed (SIGKILL) in the middle must each leave the old database as it was;
// prints rows before and after, what the command said, and the times (decision 107).
// (4) Newsletter crash (decision 109): a sender killed (SIGKILL) in the middle of a 200-reader newsletter,
// before a copy's data and inside SMTP's window after it, then restarted: copies per reader, Message-IDs,
// and how soon the rest goes out after the restart.
// FAULTS_CASES=outage,sigterm,restore,newsletter picks the cases (default all four).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CompiledQuery, type Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createTempDatabase, postgresReachable, PG_HOST, PG_PORT } from './lib/postgres.ts';
import { bytes, check, heading, int, message, ms, note, seconds, table } from './lib/report.ts';
import { ensureClientBuild, httpGet, NODE, sleep, spawnChild, startApp, tempDir, type AppServer } from './lib/server.ts';
import { BENCH_ADMIN, mixedLoad, statusList, storedWrites } from './lib/probe.ts';
import { startTcpProxy } from '../src/server/testing/tcp-proxy.ts';
import { closeDatabase, migrate, openDatabase, ROOT_DIR } from '../src/server/db.ts';
import { startSmtpServer, type TestSmtpServer } from '../src/features/mail/server/mail.test-helpers.ts';
import { enqueueBulk } from '../src/features/mail/server/outbox.service.ts';

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
    const r = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      dbName,
    ]);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function outage(db: { name: string; url: string }, data: string) {
  const proxy = await startTcpProxy(PG_HOST, PG_PORT);
  const viaProxy = db.url.replace(`:${PG_PORT}/`, `:${proxy.port}/`);
  const extraEnv = {
    TRUST_PROXY: '1',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_SUMMARY_SECONDS: '0',
  };
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
      [
        'recovery after the database returns (worst)',
        ms(worstRecovery),
        check('faults: recovery', ms(worstRecovery), worstRecovery <= RECOVERY_TARGET_MS, '≤ 5 s'),
      ],
      ['500 answers (should be 503 with Retry-After)', int(five), check('faults: 500s during the outage', int(five), five === 0, '0')],
      [
        'writes acknowledged / stored / lost',
        `${int(acked)} / ${int(rowsStored)} / ${int(stored.lost)}`,
        check('faults: writes lost', int(stored.lost), stored.lost === 0, '0 lost'),
      ],
      ['database connections held afterwards', int(pool), 'the pool refilled (10 is full)'],
    ]);
  } finally {
    await app?.stop();
    await proxy.close();
  }
}

async function sigterm(db: { url: string }, data: string) {
  const extraEnv = {
    TRUST_PROXY: '1',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_SUMMARY_SECONDS: '0',
  };
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
      [
        'writes acknowledged / stored / lost',
        `${int(acked)} / ${int(rowsStored)} / ${int(stored.lost)}`,
        check('SIGTERM: writes lost', int(stored.lost), stored.lost === 0, '0 lost'),
      ],
    ]);
  } finally {
    await app.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore: a damaged file and a kill mid-restore

/** On top of the demo site, so a restore takes long enough to be killed in the middle and timed. */
const BULK_PHOTOS = 40;
const BULK_PHOTO_BYTES = 256 * 1024;
const BULK_INQUIRIES = 2000;

interface Site {
  label: string;
  env: Record<string, string>;
  open: () => Promise<MikroORM>;
}

async function sql(orm: MikroORM, text: string, params: unknown[] = []) {
  return (
    await (orm.em.getConnection().getClient() as Kysely<unknown>).executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))
  ).rows;
}

/** Every site table's rows, whether the settings row is there, and the rows added after the backup. */
async function census(site: Site) {
  const orm = await site.open();
  try {
    const tables = await sql(
      orm,
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'mikro_orm_migrations'`,
    );
    let rows = 0;
    for (const { name } of tables) rows += Number((await sql(orm, `select count(*)::int as n from "${String(name)}"`))[0]!.n);
    const settings = tables.some((t) => t.name === 'site_settings') && (await sql(orm, 'select 1 from site_settings limit 1')).length > 0;
    const marked = tables.some((t) => t.name === 'inquiries')
      ? Number((await sql(orm, `select count(*)::int as n from inquiries where name = 'After the backup'`))[0]!.n)
      : 0;
    return { rows, settings, marked };
  } finally {
    await closeDatabase(orm);
  }
}

const FIRST_TABLE = /^ {2}\w+: [\d,]+ rows$/m;

/** Runs the restore command, noting when its lines appear; `kill`: SIGKILL it at its first table's line. */
async function restoreCommand(site: Site, file: string, kill = false) {
  const started = performance.now();
  const child = spawnChild(NODE, [path.join(ROOT_DIR, 'src/server/cli/backup.ts'), 'restore', file, '--force'], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    ...site.env,
  });
  const at: { checked?: number; firstTable?: number } = {};
  let killedAfter: number | undefined;
  while (!child.hasExited()) {
    const out = child.output();
    at.checked ??= /^Checked /m.test(out) ? performance.now() - started : undefined;
    at.firstTable ??= FIRST_TABLE.test(out) ? performance.now() - started : undefined;
    if (kill && at.firstTable !== undefined) {
      process.kill(child.pid, 'SIGKILL');
      killedAfter = at.firstTable;
      break;
    }
    await sleep(2);
  }
  const code = await child.exited;
  const out = child.output();
  const lastLine = out.trim().split('\n').at(-1) ?? '';
  const checkedMs = Number(/^Checked .*\((\d+) ms\)\.$/m.exec(out)?.[1] ?? NaN);
  return { code, ms: performance.now() - started, at, killedAfter, lastLine, checkedMs };
}

async function restoreFaults(site: Site, dir: string) {
  // A site: the demo content (db:seed migrates, then seeds) plus photos and inquiries, backed up with the command.
  const seed = spawnChild(NODE, [path.join(ROOT_DIR, 'src/server/cli/db.ts'), 'seed'], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    ...site.env,
  });
  if ((await seed.exited) !== 0) throw new Error(`db:seed failed: ${seed.output().trim()}`);
  const orm = await site.open();
  try {
    for (let i = 0; i < BULK_PHOTOS; i++) {
      const photo = randomBytes(BULK_PHOTO_BYTES);
      await sql(
        orm,
        `insert into media (id, kind, mime, ext, bytes, size, sha256, created_at) values ($1, 'image', 'image/jpeg', 'jpg', $2, $3, $4, now())`,
        [randomUUID(), photo, photo.length, randomUUID().replace(/-/g, '').padEnd(64, '0')],
      );
    }
    await sql(
      orm,
      `insert into inquiries (name, email, interest, message, created_at, updated_at)
       select 'Family ' || i, 'family' || i || '@example.com', 'waitlist', repeat('We would love a puppy. ', 20), now(), now() from generate_series(1, ${BULK_INQUIRIES}) i`,
    );
  } finally {
    await closeDatabase(orm);
  }
  const file = path.join(dir, `${site.label}.bak`);
  const backupStarted = performance.now();
  const backup = spawnChild(NODE, [path.join(ROOT_DIR, 'src/server/cli/backup.ts'), 'backup', file], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    ...site.env,
  });
  if ((await backup.exited) !== 0) throw new Error(`db:backup failed: ${backup.output().trim()}`);
  const backupMs = performance.now() - backupStarted;
  const inBackup = await census(site);
  // The site moves on after the backup: what a restore must not lose unless it completes.
  const later = await site.open();
  try {
    await sql(
      later,
      `insert into inquiries (name, email, interest, message, created_at, updated_at)
       select 'After the backup', 'later' || i || '@example.com', 'available', 'Written after the backup.', now(), now() from generate_series(1, 25) i`,
    );
  } finally {
    await closeDatabase(later);
  }

  const whole = readFileSync(file);
  const truncated = path.join(dir, `${site.label}-truncated.bak`);
  writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
  const flipped = path.join(dir, `${site.label}-flipped.bak`);
  const flippedBytes = Buffer.from(whole);
  flippedBytes[Math.floor(whole.length * 0.7)]! ^= 0xff;
  writeFileSync(flipped, flippedBytes);

  console.log(
    `\n   ${site.label}: ${int(inBackup.rows)} rows in the backup (${bytes(statSync(file).size)} gzipped, written in ${seconds(backupMs, 1)}); 25 inquiries added after it`,
  );
  const rows: string[][] = [['db:restore --force', 'exit', 'time', 'rows before', 'rows after', 'settings', 'later rows', '']];
  const run = async (label: string, target: string, expectOld: boolean, kill = false) => {
    const before = await census(site);
    const result = await restoreCommand(site, target, kill);
    const reopened = performance.now();
    const after = await census(site);
    const reopenMs = performance.now() - reopened;
    const old = after.rows === before.rows && after.settings && after.marked === before.marked;
    const replaced = after.rows === inBackup.rows && after.settings && after.marked === 0;
    const ok = expectOld ? old : replaced;
    const time = result.killedAfter !== undefined ? `killed at ${seconds(result.killedAfter, 1)}` : seconds(result.ms, 1);
    rows.push([
      label,
      result.code === null ? 'SIGKILL' : String(result.code),
      time,
      int(before.rows),
      int(after.rows),
      after.settings ? 'yes' : 'MISSING',
      int(after.marked),
      check(
        `restore (${site.label}): ${label}`,
        expectOld ? (old ? 'old database' : 'changed') : replaced ? 'replaced' : 'not replaced',
        ok,
        expectOld ? 'old database kept' : 'backup restored',
      ),
    ]);
    return { result, reopenMs };
  };
  const cut = await run('truncated file (half)', truncated, true);
  const flip = await run('one byte flipped', flipped, true);
  const killed = await run('killed at its first table', file, true, true);
  const full = await run('the whole backup', file, false);
  table(rows);
  console.log(`   truncated: ${cut.result.lastLine}`);
  console.log(`   flipped:   ${flip.result.lastLine}`);
  console.log(
    `   killed after the old tables were dropped (${seconds(killed.result.killedAfter ?? NaN, 1)} in); the next open took ${ms(killed.reopenMs)} (counting included)`,
  );
  const { checked = NaN, firstTable = NaN } = full.result.at;
  console.log(
    `   whole restore ${seconds(full.result.ms, 1)}: process start, open and the file's check ${seconds(checked, 1)} (the check itself ${ms(full.result.checkedMs)}), ` +
      `dropping and migrating to the backup's schema ${seconds(firstTable - checked, 1)}, loading, checking and committing ${seconds(full.result.ms - firstTable, 1)}`,
  );
}

async function restoreCases(postgres: boolean) {
  heading('Restore: a damaged file and a kill mid-restore leave the old database (embedded, PostgreSQL)');
  const dir = tempDir('bench-restore');
  try {
    const dataDir = path.join(dir.dir, 'data');
    await restoreFaults(
      { label: 'embedded', env: { DATA_DIR: dataDir }, open: () => openDatabase({ pgliteDir: path.join(dataDir, 'db') }) },
      dir.dir,
    );
    if (!postgres) {
      note('PostgreSQL part skipped: no server on 127.0.0.1:5432');
      return;
    }
    const db = await createTempDatabase('bench_restore');
    try {
      await restoreFaults(
        {
          label: 'PostgreSQL',
          env: { DATA_DIR: path.join(dir.dir, 'pg-data'), DATABASE_URL: db.url },
          open: () => openDatabase({ databaseUrl: db.url, poolSize: 2 }),
        },
        dir.dir,
      );
    } finally {
      await db.drop().catch(() => undefined);
    }
  } finally {
    dir.remove();
  }
}

// ---------------------------------------------------------------------------------------------
// Newsletter crash: a sender killed mid-send, then restarted (decision 109)

const NEWSLETTER_READERS = 200;
/** The copy in flight when the sender is killed (1-based): the middle of the newsletter. */
const KILLED_AT = 101;

/** Starts the app's sender (src/server/testing/mail-sender-process.ts) on the embedded database; resolves once it is up. */
async function startSender(env: Record<string, string>) {
  const child = spawnChild(NODE, [path.join(ROOT_DIR, 'src/server/testing/mail-sender-process.ts')], { PATH: process.env.PATH, ...env });
  const started = performance.now();
  while (!/^ready$/m.test(child.output())) {
    if (child.hasExited()) throw new Error(`the sender exited before it was ready: ${child.output().trim().split('\n').at(-1) ?? ''}`);
    await sleep(5);
  }
  return { child, readyAfter: performance.now() - started, readyAt: performance.now() };
}

async function newsletterCrash(where: 'rcpt' | 'data', dir: string) {
  const pgliteDir = path.join(dir, `newsletter-${where}`, 'db');
  const orm = await openDatabase({ pgliteDir });
  const readers = Array.from({ length: NEWSLETTER_READERS }, (_, i) => `reader${String(i + 1).padStart(3, '0')}@example.com`);
  try {
    await migrate(orm);
    const copies = readers.map((to) => ({
      to,
      subject: 'Spring litter news',
      text: `Hello ${to}`,
      html: `<p>Hello ${to}</p>`,
      headers: {},
    }));
    await enqueueBulk(orm.em.fork(), 1, copies);
  } finally {
    await closeDatabase(orm);
  }
  const smtp: TestSmtpServer = await startSmtpServer();
  try {
    const target = readers[KILLED_AT - 1]!;
    let held: { arrived: Promise<void>; release: () => void };
    if (where === 'rcpt') held = smtp.holdRecipient(target);
    else {
      // Hold the answer to the end of that copy's data: the server has it, the sender never hears "250".
      let armed: { arrived: Promise<void>; release: () => void } | undefined;
      const arrived = (async () => {
        await smtp.waitFor(KILLED_AT - 1, 120_000);
        armed = smtp.holdNext();
        await armed.arrived;
      })();
      held = { arrived, release: () => armed?.release() };
    }
    const env = { PGLITE_DIR: pgliteDir, SMTP_URL: smtp.url };
    const first = await startSender(env);
    await held.arrived;
    const killedAt = performance.now();
    process.kill(first.child.pid, 'SIGKILL');
    await first.child.exited;
    held.release();
    const beforeKill = smtp.received.length;
    const second = await startSender(env);
    const deadline = performance.now() + 600_000;
    const everyone = () => readers.every((r) => smtp.received.some((m) => m.to.includes(r)));
    let firstCopyAfterRestart: number | undefined;
    while (!everyone() && performance.now() < deadline) {
      await smtp.waitFor(smtp.received.length + 1, Math.max(1, deadline - performance.now())).catch(() => undefined);
      firstCopyAfterRestart ??= smtp.received.length > beforeKill ? performance.now() - second.readyAt : undefined;
    }
    const lastCopyAfterRestart = performance.now() - second.readyAt;
    const sentAfterRestart = smtp.received.length - beforeKill;
    await second.child.stop();
    const perReader = readers.map((r) => {
      const mails = smtp.received.filter((m) => m.to.includes(r));
      return { reader: r, copies: mails.length, ids: new Set(mails.map((m) => m.headers['message-id'])).size };
    });
    const by = (n: number) => perReader.filter((p) => p.copies === n).length;
    const twice = perReader.filter((p) => p.copies > 1);
    const oneIdEach = perReader.every((p) => p.ids <= 1);
    const label =
      where === 'rcpt'
        ? `killed at copy ${KILLED_AT}'s RCPT TO (before its data)`
        : `killed after copy ${KILLED_AT}'s data, before the 250 (the window)`;
    console.log(`\n   ${label}`);
    const exact =
      where === 'rcpt'
        ? by(1) === NEWSLETTER_READERS
        : by(1) === NEWSLETTER_READERS - 1 && twice.length === 1 && twice[0]!.reader === target;
    table([
      ['', 'value', ''],
      ['copies out before the kill', int(beforeKill), ''],
      [
        'readers with 0 / 1 / 2+ copies',
        `${int(by(0))} / ${int(by(1))} / ${int(perReader.filter((p) => p.copies > 1).length)}`,
        check(
          `newsletter crash (${where}): copies per reader`,
          `${by(0)} / ${by(1)} / ${twice.length}`,
          exact,
          where === 'rcpt' ? 'each exactly once' : 'once each; the copy in flight at most twice',
        ),
      ],
      [
        'one Message-ID per reader',
        oneIdEach ? 'yes' : 'no',
        check(`newsletter crash (${where}): one Message-ID per reader`, oneIdEach ? 'yes' : 'no', oneIdEach, 'yes'),
      ],
      ['restart: sender up after', ms(second.readyAfter), ''],
      [
        'restart: first copy out after',
        ms(firstCopyAfterRestart ?? NaN),
        check(
          `newsletter crash (${where}): rest not held by a lease`,
          ms(firstCopyAfterRestart ?? NaN),
          (firstCopyAfterRestart ?? Infinity) < 10_000,
          '< 10 s (the old lease: 10 min)',
        ),
      ],
      [
        'restart: last copy out after',
        `${ms(lastCopyAfterRestart)} (${int(sentAfterRestart)} copies, ${(sentAfterRestart / (lastCopyAfterRestart / 1000)).toFixed(1)}/s)`,
        '',
      ],
      ['kill to last copy', seconds(performance.now() - killedAt, 1), ''],
    ]);
  } finally {
    await smtp.close();
  }
}

async function newsletterCases() {
  heading(`Newsletter crash: a sender killed (SIGKILL) mid-send to ${NEWSLETTER_READERS} readers, then restarted (embedded)`);
  const dir = tempDir('bench-newsletter');
  try {
    await newsletterCrash('rcpt', dir.dir);
    await newsletterCrash('data', dir.dir);
    note(
      'the sender is the app with its mailer (src/server/testing/mail-sender-process.ts); a copy in flight after its data may arrive twice, with one Message-ID (decision 109)',
    );
  } finally {
    dir.remove();
  }
}

export async function run(): Promise<void> {
  const cases = new Set((process.env.FAULTS_CASES ?? 'outage,sigterm,restore,newsletter').split(',').map((c) => c.trim()));
  const postgres = await postgresReachable();
  if (cases.has('outage') || cases.has('sigterm')) {
    heading('Faults under load: the database goes away, and SIGTERM (PostgreSQL)');
    if (!postgres) {
      note('skipped: no PostgreSQL server on 127.0.0.1:5432');
    } else {
      ensureClientBuild();
      const data = tempDir('bench-faults');
      const db = await createTempDatabase('bench_faults');
      try {
        if (cases.has('outage')) await outage(db, data.dir);
        if (cases.has('sigterm')) await sigterm(db, data.dir);
      } catch (error) {
        throw new Error(`faults bench failed: ${message(error)}`, { cause: error });
      } finally {
        await db.drop().catch(() => undefined);
        data.remove();
      }
    }
  }
  if (cases.has('restore')) {
    try {
      await restoreCases(postgres);
    } catch (error) {
      throw new Error(`faults bench (restore) failed: ${message(error)}`, { cause: error });
    }
  }
  if (cases.has('newsletter')) {
    try {
      await newsletterCases();
    } catch (error) {
      throw new Error(`faults bench (newsletter) failed: ${message(error)}`, { cause: error });
    }
  }
}
