// Startup: the time from spawning `npm start` on a built tree to the first 200 from /readyz,
// with an existing migrated and seeded DATA_DIR (target < 1.0 s, issue 17) and with an empty DATA_DIR (first
// start: migrations and demo seed). Three runs each, median printed. For reference, the same with node on the
// server's bundle directly (what npm and the compile cache add or save) and on the sources (what the bundle saves).
import { check, heading, median, note, seconds, table } from './lib/report.ts';
import { ensureClientBuild, NODE, startApp, tempDir } from './lib/server.ts';
import { createTempDatabase, postgresReachable, PG_HOST, PG_PORT } from './lib/postgres.ts';

const RUNS = 3;
const TARGET_MS = 1000;

async function timeStarts(command: string[], dataDir: () => string, databaseUrl?: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const app = await startApp({ command, dataDir: dataDir(), databaseUrl });
    times.push(app.readyMs);
    await app.stop();
  }
  return times;
}

export async function run(): Promise<void> {
  heading('Startup: spawning `npm start` on a built tree → first 200 from /readyz (embedded database, then PostgreSQL)');
  ensureClientBuild();
  const fresh: ReturnType<typeof tempDir>[] = [];
  const newDataDir = () => {
    const d = tempDir('bench-startup-empty');
    fresh.push(d);
    return d.dir;
  };
  const rows: string[][] = [['', ...Array.from({ length: RUNS }, (_, i) => `run ${i + 1}`), 'median', '']];
  const fmt = (times: number[]) => times.map((t) => seconds(t));
  try {
    // Empty DATA_DIR each time: creates the database, applies migrations, seeds demo content.
    const empty = await timeStarts(['npm', 'start'], newDataDir);
    // The last of those directories is now migrated and seeded: the ordinary restart case.
    const existing = fresh[fresh.length - 1].dir;
    const warm = await timeStarts(['npm', 'start'], () => existing);
    const direct = await timeStarts([NODE, 'dist/server/main.js'], () => existing);
    const sources = await timeStarts([NODE, 'src/server/main.ts'], () => existing);

    const warmMedian = median(warm);
    rows.push([
      'npm start, existing DATA_DIR',
      ...fmt(warm),
      seconds(warmMedian),
      check('startup: npm start → /readyz (existing data)', seconds(warmMedian), warmMedian < TARGET_MS, `< ${seconds(TARGET_MS, 1)}`),
    ]);
    rows.push(['npm start, empty DATA_DIR (migrate + seed)', ...fmt(empty), seconds(median(empty)), 'first start, no target']);
    rows.push(['node dist/server/main.js, existing DATA_DIR', ...fmt(direct), seconds(median(direct)), 'node directly, without npm']);
    rows.push(['node src/server/main.ts, existing DATA_DIR', ...fmt(sources), seconds(median(sources)), 'the sources, not the bundle']);
    // The same restart on a PostgreSQL server (a database made for this run, migrated and seeded by a first start).
    if (await postgresReachable()) {
      const db = await createTempDatabase('bench_startup');
      try {
        const dir = newDataDir();
        await timeStarts([NODE, 'dist/server/main.js'], () => dir, db.url);
        const pg = await timeStarts(['npm', 'start'], () => dir, db.url);
        rows.push([
          'npm start, existing PostgreSQL database',
          ...fmt(pg),
          seconds(median(pg)),
          check('startup: npm start → /readyz (PostgreSQL)', seconds(median(pg)), median(pg) < TARGET_MS, `< ${seconds(TARGET_MS, 1)}`),
        ]);
      } finally {
        await db.drop();
      }
    } else {
      note(`PostgreSQL start-up skipped: nothing accepts connections on ${PG_HOST}:${PG_PORT}`);
    }
    table(rows);
    const npmCost = warmMedian - median(direct);
    note(
      `median of npm start minus median of node directly: ${npmCost < 0 ? '−' : '+'}${seconds(Math.abs(npmCost))} (npm's own cost and the start script's build checks)`,
    );
  } finally {
    for (const d of fresh) d.remove();
  }
}
