// The server's own backups (issue 48): the file `npm run db:backup` writes, made on a schedule through the job
// runner (once across instances), kept 7 daily and 4 weekly by default, the last outcome recorded for Today and
// Site health. On the embedded database the backup reads through the server's own connection: a second PGlite
// on the same directory would corrupt it (src/server/db-lock.ts).
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteConfig } from '../../../lib/server/trpc.ts';
import { mergeState, readState } from './site-state.ts';

/** `site-2026-12-07T031500Z.bak`, or with `-pre-migrate` before the migrations a start applies. */
const NAME = /^site-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z(-[a-z-]+)?\.bak$/;

export type BackupKind = 'scheduled' | 'pre-migrate' | 'manual';

export interface BackupFile {
  file: string;
  name: string;
  at: Date;
  bytes: number;
  /** Written by the server (its name says when): retention may delete it. Other .bak files are hers to keep. */
  managed: boolean;
}

export interface BackupState {
  lastOk: { at: string; file: string; bytes: number; kind: BackupKind };
  lastFailure: { at: string; error: string; kind: BackupKind };
}

/** Writes the whole database to `file` (src/server/backup.ts backupDatabase, passed in by the app). */
export type BackupWriter = (em: EntityManager, file: string) => Promise<unknown>;

export function backupFileName(at: Date, kind: BackupKind = 'scheduled'): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return `site-${stamp}${kind === 'pre-migrate' ? '-pre-migrate' : ''}.bak`;
}

/** The backups in `dir` (the server's, and any other .bak file put there), newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m && !name.endsWith('.bak')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const at = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : info.mtime;
    out.push({ file, name, at, bytes: info.size, managed: m !== null });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** The calendar day of `at` in `timeZone`, as YYYY-MM-DD. */
function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The ISO week (e.g. 2026-W49) of a YYYY-MM-DD day. */
function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the week's Thursday decides its year
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which backups retention keeps: the newest of each of the newest `daily` days and of each of the newest
 * `weekly` ISO weeks (days and weeks in the site's zone). The newest backup is always kept.
 */
export function keptBackups(backups: readonly BackupFile[], keep: { daily: number; weekly: number }, timeZone: string): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of newestFirst) {
    const day = dayIn(b.at, timeZone);
    const week = isoWeek(day);
    if (!days.has(day) && days.size < keep.daily) {
      days.add(day);
      kept.add(b.name);
    }
    if (!weeks.has(week) && weeks.size < keep.weekly) {
      weeks.add(week);
      kept.add(b.name);
    }
  }
  if (newestFirst[0]) kept.add(newestFirst[0].name);
  return kept;
}

export interface RunBackupOptions {
  em: EntityManager;
  config: Pick<SiteConfig, 'backupDir' | 'keepDaily' | 'keepWeekly'>;
  write: BackupWriter;
  now?: Date;
  kind?: BackupKind;
  timeZone?: string;
}

/**
 * One backup into BACKUP_DIR, its outcome recorded (Today and Site health read it), then retention. A failure is
 * recorded and thrown again, so the job runner retries it.
 */
export async function runBackup(options: RunBackupOptions): Promise<BackupFile> {
  const { em, config, write, kind = 'scheduled', timeZone = 'UTC' } = options;
  const now = options.now ?? new Date();
  const file = path.join(config.backupDir, backupFileName(now, kind));
  try {
    await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
    await write(em, file);
    const { size } = await stat(file);
    // Before the migrations of a first upgrade the table may not exist yet: the file is what counts.
    await mergeState(em, 'backup', { lastOk: { at: now.toISOString(), file, bytes: size, kind } }).catch(() => undefined);
    await pruneBackups(config, timeZone);
    return { file, name: path.basename(file), at: now, bytes: size, managed: true };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
    await mergeState(em, 'backup', { lastFailure: { at: now.toISOString(), error: message, kind } }).catch(() => undefined);
    throw error;
  }
}

/** Deletes what retention does not keep; returns the names deleted. */
export async function pruneBackups(
  config: Pick<SiteConfig, 'backupDir' | 'keepDaily' | 'keepWeekly'>,
  timeZone: string,
): Promise<string[]> {
  const all = (await listBackups(config.backupDir)).filter((b) => b.managed);
  const kept = keptBackups(all, { daily: config.keepDaily, weekly: config.keepWeekly }, timeZone);
  const gone: string[] = [];
  for (const b of all) {
    if (kept.has(b.name)) continue;
    await rm(b.file, { force: true });
    gone.push(b.name);
  }
  return gone;
}

export async function backupState(em: EntityManager): Promise<Partial<BackupState>> {
  return readState<BackupState>(em, 'backup');
}
