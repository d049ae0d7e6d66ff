// The scheduled backup's work (decision 175): one backup now (or at `now`, for tests) through the server's own
// connection, then retention in the site's zone. The job itself is defined on the top floor (src/server/backup.job.ts),
// which holds the backup writer (src/server/backup.ts) features may not import.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteConfig } from '../../../lib/server/trpc.ts';
import { runBackup, type BackupWriter } from './backups.ts';
import { breederTimeZone } from '../../visits/server/visits.reads.ts';

export async function runScheduledBackup(em: EntityManager, config: SiteConfig, write: BackupWriter, now = new Date()) {
  return runBackup({ em, config, write, now, kind: 'scheduled', timeZone: await breederTimeZone(em) });
}
