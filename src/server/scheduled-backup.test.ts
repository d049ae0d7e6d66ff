// The server's own backups (issue 48): the scheduled job's run writes the db:backup file through the site's own
// connection and keeps 7 daily and 4 weekly (dates injected); a failed or missing backup shows on Today; a start with
// pending migrations backs up first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupDatabase, readBackup } from './backup.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';
import { backupFileName, keptBackups, listBackups, type BackupFile } from '../features/site-health/server/backups.ts';
import { runScheduledBackup } from '../features/site-health/server/backups.job.ts';
import { siteHealthToday } from '../features/site-health/server/go-live.ts';
import { mergeState } from '../features/site-health/server/site-state.ts';
import { backupBeforeMigrations } from './pre-migrate-backup.ts';
import { appJobs } from './jobs.ts';
import { BACKUP_JOB_NAME, backupJob, withBackupSchedule } from './backup.job.ts';
import type { SiteConfig } from '../lib/server/trpc.ts';
import type { EntityManager } from '@mikro-orm/postgresql';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const file = (date: Date): BackupFile => ({ file: '', name: backupFileName(date), at: date, bytes: 1, managed: true });

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.close());

const configIn = (dir: string) => ({ backupDir: dir, keepDaily: 7, keepWeekly: 4 }) as SiteConfig;
const write = (em: EntityManager, target: string) => backupDatabase({ em }, target);

describe('retention', () => {
  it('keeps the newest of each of the last 7 days and of each of the last 4 ISO weeks', () => {
    // A backup every night at 03:15 UTC for 30 nights up to Monday 7 December 2026, and a second one on the 7th.
    const nights = Array.from({ length: 30 }, (_, i) => file(new Date(Date.UTC(2026, 11, 7, 3, 15) - i * DAY)));
    nights.push(file(at('2026-12-07T12:00:00Z')));
    const kept = [...keptBackups(nights, { daily: 7, weekly: 4 }, 'UTC')].sort();
    expect(kept).toEqual(
      [
        '2026-11-22T031500Z', // Sunday: the newest of the week of 16 November
        '2026-11-29T031500Z', // the week of 23 November
        '2026-12-01T031500Z',
        '2026-12-02T031500Z',
        '2026-12-03T031500Z',
        '2026-12-04T031500Z',
        '2026-12-05T031500Z',
        '2026-12-06T031500Z', // also the newest of the week of 30 November
        '2026-12-07T120000Z', // the day's newest, and the week's
      ].map((s) => `site-${s}.bak`),
    );
  });

  it('counts days in the site’s zone: 01:00 UTC is still the evening before in Denver', () => {
    const two = [file(at('2026-12-07T01:00:00Z')), file(at('2026-12-06T20:00:00Z'))];
    expect(keptBackups(two, { daily: 2, weekly: 0 }, 'America/Denver').size).toBe(1);
    expect(keptBackups(two, { daily: 2, weekly: 0 }, 'UTC').size).toBe(2);
  });
});

describe('the scheduled backup job', () => {
  it('writes the db:backup file through the site’s own connection, then deletes what retention does not keep (not her own files)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-backups-'));
    const now = at('2026-12-07T10:15:00Z');
    // Twelve older nights already there, and a file she put there herself.
    for (let i = 1; i <= 12; i++) writeFileSync(path.join(dir, backupFileName(new Date(now.getTime() - i * DAY))), 'old');
    writeFileSync(path.join(dir, 'before-the-move.bak'), 'hers');
    utimesSync(path.join(dir, 'before-the-move.bak'), new Date(now.getTime() - 40 * DAY), new Date(now.getTime() - 40 * DAY));
    const made = await runScheduledBackup(db.orm.em.fork(), configIn(dir), write, now);
    expect(made.name).toBe('site-2026-12-07T101500Z.bak');
    const checked = await readBackup(made.file);
    expect(checked.header.tables.length).toBeGreaterThan(10);
    expect(checked.schema).toBe(checked.header.migrations.at(-1));
    const names = readdirSync(dir).sort();
    expect(names).toContain('before-the-move.bak');
    expect(names.filter((n) => n.startsWith('site-')).length).toBeLessThanOrEqual(7 + 4);
    expect(names).toContain(made.name);
    expect(names).not.toContain(backupFileName(new Date(now.getTime() - 12 * DAY)));
    expect((await listBackups(dir))[0]!.name).toBe(made.name);
  });

  it('is a job on the runner: on BACKUP_SCHEDULE in the site’s zone (none when off), and its run backs up through the given connection', async () => {
    const scheduled = withBackupSchedule(appJobs, '30 2 * * *').find((j) => j.name === BACKUP_JOB_NAME)!;
    expect(scheduled.schedule).toBe('30 2 * * *');
    expect(withBackupSchedule(appJobs, null).find((j) => j.name === BACKUP_JOB_NAME)!.schedule).toBeUndefined();
    expect(await (backupJob.timeZone as (em: EntityManager) => Promise<string>)(db.orm.em.fork())).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+$/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-backups-'));
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    await backupJob.run({}, { em: db.orm.em.fork(), services: { env: { site: configIn(dir) } } as never, log, attempt: 0 });
    const [made] = await listBackups(dir);
    expect(made!.name).toMatch(/^site-\d{4}-\d{2}-\d{2}T\d{6}Z\.bak$/);
    expect((await readBackup(made!.file)).header.format).toBe('goldendoodle-backup');
  });

  it('a failed backup is recorded and shows on Today until one succeeds; none in 36 hours shows too', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-backups-'));
    const em = db.orm.em.fork();
    const now = new Date();
    const failing = async () => {
      throw new Error('ENOSPC: no space left on device, write');
    };
    await expect(runScheduledBackup(em, configIn(dir), failing, now)).rejects.toThrow(/ENOSPC/);
    let today = await siteHealthToday(db.orm.em.fork(), now);
    expect(today.map((i) => i.title)).toContain('The last backup failed: ENOSPC: no space left on device, write');

    await runScheduledBackup(em, configIn(dir), write, new Date(now.getTime() + 60_000));
    today = await siteHealthToday(db.orm.em.fork(), new Date(now.getTime() + 120_000));
    expect(today.filter((i) => i.title.includes('backup'))).toEqual([]);

    // 37 hours later with no other backup: missing.
    today = await siteHealthToday(db.orm.em.fork(), new Date(now.getTime() + 37 * 3_600_000));
    expect(today.map((i) => i.title)).toContain('No backup in 36 hours');
    expect(today.find((i) => i.title === 'No backup in 36 hours')).toMatchObject({ href: '/admin/site-health', overdue: true });
    await mergeState(em, 'backup', { lastFailure: null, lastOk: null });
  });

  it('before pending migrations a start backs up (and not when nothing is pending)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-backups-'));
    const logged: string[] = [];
    expect(await backupBeforeMigrations(db.orm, configIn(dir), (l) => logged.push(l))).toBeNull();
    const conn = db.orm.em.getConnection();
    const [last] = await conn.execute<Array<{ id: number; name: string; executed_at: Date }>>(
      `select * from "mikro_orm_migrations" order by "id" desc limit 1`,
    );
    await conn.execute(`delete from "mikro_orm_migrations" where "id" = ?`, [last!.id]);
    try {
      const made = await backupBeforeMigrations(db.orm, configIn(dir), (l) => logged.push(l));
      expect(made).toMatch(/site-.*-pre-migrate\.bak$/);
      expect(logged).toEqual([`Backed up the database to ${made} before applying 1 migration.`]);
      expect((await readBackup(made!)).rows).toBeGreaterThanOrEqual(0);
    } finally {
      await conn.execute(`insert into "mikro_orm_migrations" ("id", "name", "executed_at") values (?, ?, ?)`, [
        last!.id,
        last!.name,
        last!.executed_at,
      ]);
    }
  });
});
