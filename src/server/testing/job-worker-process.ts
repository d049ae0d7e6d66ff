// A test's job worker process: the job runner on a database that outlives it (DATABASE_URL, or the embedded one in
// PGLITE_DIR), working one test job whose effect is a row keyed by the job's input. HANG=1: the job writes its row,
// prints "started" and never finishes (the test kills the process there). Prints "ready" once the runner works, and
// with REPORT=1 what became of the job.
import { closeDatabase, openDatabase } from '../db.ts';
import { z } from 'zod';
import { createJobRunner, type JobDefinition } from '../../lib/server/jobs.ts';

const orm = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: process.env.PGLITE_DIR! },
);
await orm.em
  .getConnection()
  .execute(`create table if not exists "job_test_effects" ("key" text primary key, "runs" int not null default 1)`);

export const effectJob: JobDefinition<{ key: string }, null> = {
  name: 'test.effect',
  description: 'Writes one row per key.',
  input: z.object({ key: z.string() }),
  expireInSeconds: 2,
  retryDelaySeconds: 1,
  async run({ key }, { em }) {
    // The once-only key: a run taken over after a crash finds the row and only counts the attempt.
    await em
      .getConnection()
      .execute(
        `insert into "job_test_effects" ("key") values (?) on conflict ("key") do update set "runs" = "job_test_effects"."runs" + 1`,
        [key],
      );
    if (process.env.HANG === '1') {
      process.stdout.write('started\n');
      await new Promise(() => {});
    }
  },
};

const log = { info: () => {}, warn: () => {}, error: () => {} };
const runner = createJobRunner(orm, null, [effectJob], log, { superviseIntervalSeconds: 1 });
await runner.start();
if (process.env.SEND_KEY) await runner.send(effectJob, { key: process.env.SEND_KEY });
process.stdout.write('ready\n');
// REPORT=1: once the test job has completed, print what the database holds of it and of its effect, and stop (the
// embedded database cannot be read by the test while this process holds it).
if (process.env.REPORT === '1') {
  const conn = orm.em.getConnection();
  const end = Date.now() + 30_000;
  let states: Array<{ state: string; n: number }> = [];
  while (Date.now() < end) {
    states = await conn.execute(
      `select state, count(*)::int as n from pgboss.job where name = 'test.effect' group by state order by state`,
    );
    if (states.some((s) => s.state === 'completed')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const effects = await conn.execute(`select "key", "runs" from "job_test_effects" order by "key"`);
  process.stdout.write(`report ${JSON.stringify({ states, effects })}\n`);
  await runner.stop(1000);
  await closeDatabase(orm);
  process.exit(0);
}
process.on('SIGTERM', () => {
  void runner
    .stop(1000)
    .then(() => closeDatabase(orm))
    .then(() => process.exit(0));
});
