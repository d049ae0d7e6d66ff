// Before the migrations a start applies, a backup (issue 48): an upgrade that goes wrong can be undone with
// `npm run db:restore -- <file> --force`. A new database (nothing to lose) and an ordinary restart (nothing pending)
// take none.
import type { MikroORM } from '@mikro-orm/postgresql';
import { pendingMigrations } from './db.ts';
import { backupDatabase } from './backup.ts';
import { runBackup } from '../features/site-health/server/backups.ts';
import type { SiteConfig } from '../lib/server/trpc.ts';

export async function backupBeforeMigrations(
  orm: MikroORM,
  config: Pick<SiteConfig, 'backupDir' | 'keepDaily' | 'keepWeekly'>,
  log: (line: string) => void,
): Promise<string | null> {
  const pending = await pendingMigrations(orm);
  if (!pending?.length) return null;
  const made = await runBackup({
    em: orm.em.fork(),
    config,
    write: (em, file) => backupDatabase({ em }, file),
    kind: 'pre-migrate',
  });
  log(`Backed up the database to ${made.file} before applying ${pending.length} migration${pending.length === 1 ? '' : 's'}.`);
  return made.file;
}
