// A test's sender process: the real app (and its mailer) on a database that outlives it (DATABASE_URL, or
// the embedded one in PGLITE_DIR), sending through SMTP_URL. Prints "ready" once it is up; SIGTERM closes it
// as the server would. Tests kill it with SIGKILL mid-send and start another (mail-crash.test.ts).
import { buildApp } from '../app.ts';
import { closeDatabase, openDatabase } from '../db.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../env.ts';

const orm = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: process.env.PGLITE_DIR! },
);
const app = await buildApp({
  orm,
  env: loadEnv({
    NODE_ENV: 'test',
    APP_ORIGIN: 'http://localhost:3000',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'doodle-sender-')),
    LOG_LEVEL: 'silent',
    SMTP_URL: process.env.SMTP_URL!,
    MAIL_FROM: 'Aspen Meadow Doodles <hello@aspenmeadow.example>',
    // The name a restarted sender shares with its earlier run (decision 140).
    ...(process.env.INSTANCE_ID ? { INSTANCE_ID: process.env.INSTANCE_ID } : {}),
  }),
  closeOrm: false,
  logger: false,
});
await app.ready();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await closeDatabase(orm);
    process.stdout.write('closed\n');
    process.exit(0);
  })();
});
