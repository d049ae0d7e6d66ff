// The full export (issue 49) of the scale seed (N = 100: 20,000 families, 10,000 applications, 10,000 dogs, 50,000
// subscribers, 2,000 articles, 50,000 media originals…), downloaded from the real server (its own process, on
// PostgreSQL) as the breeder's browser would: the time, the zip's size and entries, and the server's peak resident
// memory over its idle figure (target ≤ +80 MB: the zip streams, so memory must not grow with the site).
// EXPORT_DATABASE=url reuses a database seeded earlier (`npm run db:seed -- --scale 100`); EXPORT_SCALE sets N.
import { createWriteStream, openSync, readSync, fstatSync, closeSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createTempDatabase, postgresReachable, postgresVersion } from './lib/postgres.ts';
import { check, heading, int, ms, note, table } from './lib/report.ts';
import { ensureClientBuild, NODE, ROOT_DIR, sleep, spawnChild, startApp, tempDir } from './lib/server.ts';
import { BENCH_ADMIN, rss, sampleRss } from './lib/probe.ts';

const MB = 2 ** 20;
const TARGET_MB = 80;
const SCALE = Number(process.env.EXPORT_SCALE) > 0 ? Number(process.env.EXPORT_SCALE) : 100;

async function seed(url: string, scale: number): Promise<number> {
  const started = performance.now();
  const child = spawnChild(NODE, [path.join(ROOT_DIR, 'src/server/cli/db.ts'), 'seed', '--scale', String(scale)], {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`seeding N = ${scale} failed (exit ${code}):\n${child.output().slice(-2000)}`);
  return performance.now() - started;
}

/** The entry count of a zip file, from its end-of-central-directory record (zip64's when the classic one says 0xffff). */
function zipEntries(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 65_557));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    for (let at = tail.length - 22; at >= 0; at--) {
      if (tail.readUInt32LE(at) !== 0x06054b50) continue;
      const count = tail.readUInt16LE(at + 10);
      if (count !== 0xffff) return count;
      // Zip64: the end-of-central-directory record 56 bytes before the locator's 20.
      const z64 = at - 20 - 56;
      return Number(tail.readBigUInt64LE(z64 + 32));
    }
    return -1;
  } finally {
    closeSync(fd);
  }
}

export async function run() {
  heading(`The full export of the scale seed (N = ${SCALE}), downloaded from the server in its own process (GET /api/admin/export)`);
  if (!(await postgresReachable())) {
    note('no PostgreSQL server at 127.0.0.1:5432: skipped');
    return;
  }
  console.log(`   ${await postgresVersion()}`);
  let url = process.env.EXPORT_DATABASE;
  let drop: (() => Promise<void>) | undefined;
  if (!url) {
    const db = await createTempDatabase('bench_export');
    url = db.url;
    drop = db.drop;
    console.log(`   seeding N = ${SCALE} …`);
    console.log(`   seeded in ${ms(await seed(url, SCALE))}`);
  }
  ensureClientBuild();
  const data = tempDir('bench-export');
  const out = tempDir('bench-export-zip');
  const server = await startApp({
    databaseUrl: url,
    dataDir: data.dir,
    extraEnv: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_SUMMARY_SECONDS: '0' },
  });
  try {
    const origin = server.url;
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (!login.ok) throw new Error(`/api/login answered ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // Idle: the server signed in and settled, before the export.
    await sleep(3000);
    const idle = rss(server.child.pid);
    const sampler = sampleRss(server.child.pid, 20);
    const started = performance.now();
    const res = await fetch(`${origin}/api/admin/export`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`/api/admin/export answered ${res.status}`);
    const firstByte = performance.now() - started;
    const file = path.join(out.dir, 'export.zip');
    let size = 0;
    const counted = Readable.fromWeb(res.body as never).on('data', (chunk: Buffer) => (size += chunk.length));
    await pipeline(counted, createWriteStream(file));
    const took = performance.now() - started;
    const { peak } = sampler.stop();
    const grew = (peak - idle) / MB;
    const entries = zipEntries(file);
    table([
      ['', 'value', ''],
      ['first byte', ms(firstByte), ''],
      ['whole export', ms(took), ''],
      ['zip', `${(size / MB).toFixed(1)} MB, ${int(entries)} files`, ''],
      ['server RSS idle → peak', `${(idle / MB).toFixed(0)} → ${(peak / MB).toFixed(0)} MB`, ''],
      [
        'peak over idle',
        `+${grew.toFixed(1)} MB`,
        check(
          `export: the full export at N=${SCALE}, server peak RSS over idle`,
          `+${grew.toFixed(1)} MB`,
          grew <= TARGET_MB && entries > 0,
          `≤ +${TARGET_MB} MB`,
        ),
      ],
    ]);
  } finally {
    await server.stop();
    data.remove();
    out.remove();
    await drop?.();
  }
}
