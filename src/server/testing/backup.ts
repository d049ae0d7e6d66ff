// What the backup tests share (backup.test.ts on the embedded database, backup.postgres.test.ts across to a
// PostgreSQL server): a database's rows and media as text to compare, a fresh embedded database, and db:backup /
// db:restore run as an operator runs them, and a seeded site's backup to restore.
import { afterAll, beforeAll, expect } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { backupDatabase } from '../backup.ts';
import { ROOT_DIR } from '../db.ts';
import { seedDemoContent } from '../seed/seed.ts';
import { embeddedDatabase, type TestDatabase } from './test-db.ts';

export { embeddedDatabase };

export type { TestDatabase };

export async function rows(orm: MikroORM, sql: string): Promise<Record<string, unknown>[]> {
  const db = orm.em.getConnection().getClient() as Kysely<unknown>;
  return (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sql))).rows;
}

/** Every site table as its rows' text, in primary-key order: what a byte-for-byte comparison needs. */
export async function snapshot(orm: MikroORM): Promise<Record<string, string[]>> {
  const tables = await rows(
    orm,
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name === 'mikro_orm_migrations') continue;
    out[String(name)] = (await rows(orm, `select row_to_json(t)::text as j from "${String(name)}" t order by 1`)).map((r) => String(r.j));
  }
  return out;
}

export async function mediaBytes(orm: MikroORM): Promise<{ id: string; bytes: Buffer }[]> {
  return (await rows(orm, 'select id, bytes from media order by id')).map((r) => ({
    id: String(r.id),
    bytes: Buffer.from(r.bytes as Uint8Array),
  }));
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs src/server/cli/backup.ts as an operator would; `killAt`: SIGKILL it as soon as its output matches. */
export function backupCli(args: string[], env: Record<string, string>, killAt?: RegExp): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT_DIR, 'src/server/cli/backup.ts'), ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (killAt?.test(stdout) && child.exitCode === null) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The one line a refused command prints: one line, no stack trace. */
export function expectOneLine(result: CliResult, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

export interface SeededBackup {
  /** The folder the backup is in (other files the tests write go there too). */
  dir: string;
  file: string;
  /** The seeded embedded site the backup was made of, and its snapshot then. */
  source: TestDatabase;
  original: Record<string, string[]>;
}

/** Call in a describe: a seeded embedded site, its snapshot and its backup file, made before the tests and closed after. */
export function useSeededBackup(): SeededBackup {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-backup-'));
  const ctx = { dir, file: path.join(dir, 'site.bak') } as SeededBackup;
  beforeAll(async () => {
    ctx.source = await embeddedDatabase();
    expect(await seedDemoContent(ctx.source.orm.em.fork(), { force: false })).toBe(true);
    ctx.original = await snapshot(ctx.source.orm);
    await backupDatabase(ctx.source.orm, ctx.file);
  });
  afterAll(async () => {
    await ctx.source?.close();
  });
  return ctx;
}
