// The admin CLI as an operator runs it: a child process on its own embedded database, password on stdin.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase, ROOT_DIR } from '../../../server/db.ts';
import { embeddedTemplateDir } from '../../../server/testing/embedded-template.ts';
import { User } from './user.entity.ts';
import { verifyPassword } from './password.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'doodle-admin-cli-'));
// The site's embedded database, already migrated: a copy of the run's template (the CLI would otherwise run initdb
// and every migration on its first command).
cpSync(embeddedTemplateDir(), path.join(dataDir, 'db'), { recursive: true });

function admin(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT_DIR, 'src/server/cli/admin.ts'), ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function userRow(username: string) {
  const orm = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    return await orm.em.fork().findOne(User, { usernameKey: username.toLowerCase() });
  } finally {
    await closeDatabase(orm);
  }
}

describe('npm run admin', () => {
  it('explains its usage', async () => {
    const res = await admin([]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage: npm run admin -- create|promote|demote <username>');
  });

  it('creates an admin with the password read from stdin, hashed with argon2id', async () => {
    const res = await admin(['create', 'Breeder'], 'golden-meadow-2026\n');
    expect(res.stderr).toBe('');
    expect(res.stdout.trim().split('\n').at(-1)).toBe('Created admin Breeder.');
    expect(res.code).toBe(0);
    const row = await userRow('breeder');
    expect(row).toMatchObject({ username: 'Breeder', isAdmin: true });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'golden-meadow-2026')).toBe(true);
  }, 120_000);

  it('refuses a taken username, a weak password and an invalid username with one clear line', async () => {
    const taken = await admin(['create', 'breeder'], 'another-good-password\n');
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim()).toBe('The username breeder is already taken. To make it an admin: npm run admin -- promote breeder');
    const weak = await admin(['create', 'newadmin'], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe('Password must be at least 10 characters.');
    const common = await admin(['create', 'newadmin'], 'password123\n');
    expect(common.stderr.trim()).toBe('This password is too common. Please choose a less predictable one.');
    const badName = await admin(['promote', 'no spaces']);
    expect(badName.code).toBe(1);
    expect(badName.stderr.trim()).toBe("Username may contain only letters, digits, '.', '_' and '-'.");
    expect(await userRow('newadmin')).toBeNull();
  }, 120_000);

  it('demotes and promotes by username, ignoring case, and says when there is no such user', async () => {
    const demote = await admin(['demote', 'BREEDER']);
    expect(demote.stdout.trim()).toBe('Breeder is no longer an admin.');
    expect((await userRow('breeder'))!.isAdmin).toBe(false);
    const promote = await admin(['promote', 'breeder']);
    expect(promote.stdout.trim()).toBe('Breeder is now an admin.');
    expect((await userRow('breeder'))!.isAdmin).toBe(true);
    const missing = await admin(['promote', 'ghost']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('No user named ghost.');
  }, 120_000);
});
