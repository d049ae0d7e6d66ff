// npm run doctor: the Site health list on the command line (issue 48), one line per check, read from the settings
// (.env and the environment) and the configured database, without starting the server. Exit 0: nothing fails;
// 1: some check fails; 2: the checks could not all run (the embedded database is held by the running server).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { EnvError, loadEnv } from '../env.ts';
import { closeDatabase, openDatabase } from '../db.ts';
import { DatabaseInUseError } from '../db-lock.ts';
import { siteConfigOf } from '../site-config.ts';
import { HEALTH_SOURCES } from '../site-checks.ts';
import { gatherHealth, originCheck, proxyCheck } from '../../features/site-health/server/checks.ts';
import { dnsChecks } from '../../features/site-health/server/dns-checks.ts';
import type { HealthCheck } from '../../lib/server/site-health.ts';

const LABEL = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' } as const;

function print(check: HealthCheck) {
  const fix = check.fix ? ` Fix: ${check.fix}` : '';
  const copy = check.copy ? ` Value: ${check.copy}` : '';
  console.log(`${LABEL[check.state]}  ${check.title}: ${check.meaning}${fix}${copy}`);
}

async function main(): Promise<number> {
  // The settings npm start reads: .env beside the command, under what the environment already says.
  const envFile = path.resolve(process.env.ENV_FILE ?? '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = loadEnv();
  const config = siteConfigOf(env);
  let orm;
  try {
    orm = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'db') });
  } catch (error) {
    const held = error instanceof DatabaseInUseError;
    const checks = [originCheck(config), proxyCheck(config, null), ...(await dnsChecks(config))];
    checks.forEach(print);
    console.log(
      held
        ? `SKIP  Database and the rest: the embedded database is open in the running server, and the doctor does not open it beside it. Open Dashboard → Site health (or GET ${config.appOrigin}/api/admin/health) for every check, or stop the server and run npm run doctor again.`
        : `FAIL  Database: cannot open it (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}). Fix: check DATABASE_URL (or DATA_DIR) in .env.`,
    );
    return held ? (checks.some((c) => c.state === 'fail') ? 1 : 2) : 1;
  }
  try {
    const checks = await gatherHealth(orm.em.fork(), config, HEALTH_SOURCES, null);
    checks.forEach(print);
    const failed = checks.filter((c) => c.state === 'fail').length;
    const warned = checks.filter((c) => c.state === 'warn').length;
    console.log(
      failed ? `${failed} failing, ${warned} to look at.` : warned ? `Nothing fails; ${warned} to look at.` : 'Everything is in order.',
    );
    return failed ? 1 : 0;
  } finally {
    await closeDatabase(orm);
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(
    error instanceof EnvError ? error.message : `doctor: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
  );
  process.exitCode = 1;
}
