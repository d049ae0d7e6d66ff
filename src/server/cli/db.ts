// Database commands: migrate, create a migration from the entity diff, seed demo content.
import path from 'node:path';
import { loadEnv } from '../env.ts';
import { closeDatabase, openDatabase } from '../db.ts';
import { seedDemoContent } from '../seed/seed.ts';
import { seedScale } from '../seed/scale-seed.ts';

const [command, name] = process.argv.slice(2);
const env = loadEnv();
const orm = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'db'),
  migrationFiles: command === 'create',
});
try {
  if (command === 'migrate') {
    const done = await orm.migrator.up();
    console.log(done.length ? `Applied ${done.map((m) => m.name).join(', ')}` : 'Database is up to date.');
  } else if (command === 'create') {
    await orm.migrator.up();
    const result = await orm.migrator.create(undefined, false, false, name);
    console.log(
      result.fileName
        ? `Created migrations/${result.fileName}: add it to the end of the list in migrations/index.ts.`
        : 'No schema changes.',
    );
  } else if (command === 'seed') {
    await orm.migrator.up();
    const force = process.argv.includes('--force');
    const scaleAt = process.argv.indexOf('--scale');
    const scale = scaleAt > 0 ? Number(process.argv[scaleAt + 1]) : 0;
    if (scaleAt > 0 && !(scale > 0)) throw new Error('--scale needs a positive number of decades, e.g. --scale 100');
    const seeded = await seedDemoContent(orm.em.fork(), { force });
    console.log(seeded ? 'Demo content added.' : 'Database already has content; pass --force to add demo content anyway.');
    if (scale > 0) {
      // On top of the demo content: the public pages keep their puppies, posts and family tree.
      const started = performance.now();
      console.log(`Adding ${scale} × a decade of records …`);
      await seedScale(orm.em.fork(), { scale, log: (line) => console.log(line) });
      console.log(`Scale content added in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
  } else {
    console.error('Usage: db.ts migrate | create [name] | seed [--force] [--scale N]');
    process.exitCode = 1;
  }
} finally {
  await closeDatabase(orm);
}
