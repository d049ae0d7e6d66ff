// Backup commands: `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]`, for either database mode.
// Whatever goes wrong ends in one line on stderr and exit code 1, never a stack trace.
import path from 'node:path';
import { EnvError, loadEnv } from '../env.ts';
import { closeDatabase, openDatabase } from '../db.ts';
import { DatabaseInUseError } from '../db-lock.ts';
import { BackupError, backupDatabase, restoreDatabase } from '../backup.ts';

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((a) => !a.startsWith('--'));
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage: npm run db:backup -- FILE | npm run db:restore -- FILE [--force]');
  process.exit(1);
}

const count = (n: number) => n.toLocaleString('en-US');
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

async function run(): Promise<void> {
  const env = loadEnv();
  const where = env.DATABASE_URL ? 'the PostgreSQL database (DATABASE_URL)' : `the embedded database in ${path.join(env.DATA_DIR, 'db')}`;
  // The embedded database is locked while it is open (src/server/db-lock.ts): with the server running,
  // both commands stop here with a line naming it, before reading or writing anything.
  const orm = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'db') });
  try {
    const started = Date.now();
    if (command === 'backup') {
      const { tables } = await backupDatabase(orm, path.resolve(file!));
      const rows = tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Backed up ${where} to ${file}: ${count(rows)} rows in ${tables.length} tables (${Date.now() - started} ms).`);
      return;
    }
    const { tables } = await restoreDatabase(orm, file!, {
      force,
      onChecked: (b) => {
        console.log(
          `Checked ${file}: made ${b.header.createdAt}, schema ${b.schema ?? '(none)'}, ${count(b.rows)} rows in ${b.header.tables.length} tables, ` +
            `${b.sha256 ? `SHA-256 ${b.sha256.slice(0, 12)}… matches` : 'version 1 (gzip CRC checked)'} (${Date.now() - started} ms).`,
        );
        console.log(`Replacing ${where} in one transaction: until it commits, the old database stays as it was.`);
      },
      onTable: (t) => {
        if (t.rows) console.log(`  ${t.name}: ${count(t.rows)} rows`);
      },
    });
    const rows = tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Restored ${file} into ${where}: ${count(rows)} rows in ${tables.length} tables (${Date.now() - started} ms).`);
  } finally {
    await closeDatabase(orm);
  }
}

try {
  await run();
} catch (error) {
  if (error instanceof BackupError && command === 'restore') console.error(`${error.message} The database was left as it was.`);
  else if (error instanceof BackupError || error instanceof DatabaseInUseError || error instanceof EnvError) console.error(error.message);
  else console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${firstLine(error)}`);
  process.exitCode = 1;
}
