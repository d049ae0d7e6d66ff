// Process entry: settings → database (migrated) → buildApp() → listen; closes gracefully on signals.
import path from 'node:path';
import { EnvError, loadEnv } from './env.ts';
import { closeDatabase, migrate, openDatabase } from './db.ts';
import { ensureAdminFromEnv } from './startup.ts';
import { backupBeforeMigrations } from './pre-migrate-backup.ts';
import { siteConfigOf } from './site-config.ts';
import { drainOnShutdown } from './shutdown.ts';
import { printReadyLine } from './ready-line.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // React (server rendering) picks its production build from this; the settings already default to production.
  process.env.NODE_ENV = env.NODE_ENV;

  let orm;
  const opening = openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'db'),
    acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
  });
  // The app's modules load while the database opens (the embedded engine's start is partly off this thread).
  const modules = Promise.all([import('./app.ts'), import('./seed/seed.ts')]);
  modules.catch(() => undefined);
  try {
    orm = await opening;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(`Cannot open the database (DATABASE_URL${env.DATABASE_URL ? '' : ' unset, DATA_DIR'}): ${reason}`);
    process.exit(1);
  }

  const [{ buildApp }, { seedDemoContent }] = await modules;
  try {
    // An upgrade's migrations run after a backup of what was there (none on a new database or an ordinary restart).
    await backupBeforeMigrations(orm, siteConfigOf(env), (line) => console.log(line));
    await migrate(orm);
    if (env.SEED_DEMO) await seedDemoContent(orm.em.fork(), { force: false });
    await ensureAdminFromEnv(orm, env);
  } catch (error) {
    console.error(`Database setup failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    await closeDatabase(orm);
    process.exit(1);
  }

  const app = await buildApp({ orm, env });
  const drainer = drainOnShutdown(app, { graceMs: env.SHUTDOWN_GRACE_MS, delayMs: env.SHUTDOWN_DELAY_MS });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(
      () => {
        app.log.error('graceful shutdown timed out');
        process.exit(1);
      },
      env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_GRACE_MS + 10_000,
    );
    timer.unref();
    await drainer.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    console.error(`Cannot listen on ${env.HOST}:${env.PORT}: ${error instanceof Error ? error.message : String(error)}`);
    await app.close();
    process.exit(1);
  }
  // On a terminal, the last thing said is where the site is (the JSON records stay for machines).
  const address = app.server.address();
  await printReadyLine(orm, { host: env.HOST, port: typeof address === 'object' && address ? address.port : env.PORT }).catch(
    () => undefined,
  );
}

await main();
