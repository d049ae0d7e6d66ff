// The scheduled backup as a job (decision 145's runner): on BACKUP_SCHEDULE in the site's zone, once across instances,
// retried with backoff; a failure is recorded first, so Today shows it even while retries wait.
import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteConfig } from '../../../lib/server/trpc.ts';
import { runBackup, type BackupWriter } from './backups.ts';
import { siteTimeZone } from './site-zone.ts';

export const BACKUP_JOB_NAME = 'site-health.backup';
export const BACKUP_JOB_DESCRIPTION = 'Backs up the whole database into BACKUP_DIR and deletes the backups retention does not keep.';

/** The job's work: one backup now (or at `now`, for tests), through the server's own connection. */
export async function runScheduledBackup(em: EntityManager, config: SiteConfig, write: BackupWriter, now = new Date()) {
  return runBackup({ em, config, write, now, kind: 'scheduled', timeZone: await siteTimeZone(em) });
}

export const backupJobInput = z.object({});
