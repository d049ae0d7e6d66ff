// Database commands: migrate, create a migration from the entity diff, seed demo content.
import path from 'node:path';
import { loadEnv } from '../env.ts';
import { closeDatabase, openDatabase } from '../db.ts';
import { seedDemoContent } from '../seed/seed.ts';

const [command, name] = process.argv.slice(2);
const env = loadEnv();
const orm = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'db'), migrationFiles: command === 'create' });
try {
  if (command === 'migrate') {
    const done = await orm.migrator.up();
    console.log(done.length ? `Applied ${done.map((m) => m.name).join(', ')}` : 'Database is up to date.');
  } else if (command === 'create') {
    await orm.migrator.up();
    const result = await orm.migrator.create(undefined, false, false, name);
    console.log(
      result.fileName ? `Created migrations/${result.fileName}: add it to the end of the list in migrations/index.ts.` : 'No schema changes.',
    );
  } else if (command === 'seed') {
    await orm.migrator.up();
    const force = process.argv.includes('--force');
    const seeded = await seedDemoContent(orm.em.fork(), { force });
    console.log(seeded ? 'Demo content added.' : 'Database already has content; pass --force to add demo content anyway.');
  } else {
    console.error('Usage: db.ts migrate | create [name] | seed [--force]');
    process.exitCode = 1;
  }
} finally {
  await closeDatabase(orm);
}
