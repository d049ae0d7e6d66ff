// `npm run setup` and `npm run doctor` as an operator runs them (issue 48): setup writes .env with mode 600, checks each
// answer in one line, changes only what it is asked on a second run, and an --empty site carries her name; the doctor
// prints one line per check and exits 1 when one fails, 0 on a correctly configured site, and refuses politely (exit 2)
// while the running server holds the embedded database.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR, closeDatabase, openDatabase } from './db.ts';
import { lockEmbeddedDatabase } from './db-lock.ts';
import { templateCopyDir } from './testing/embedded-template.ts';
import { backupFileName } from '../features/site-health/server/backups.ts';
import { dkimRecordValue } from '../features/site-health/server/dns-checks.ts';
import { startDnsServer, type TestDnsServer } from '../features/site-health/server/dns.test-helpers.ts';
import { SiteSettings } from '../features/settings/server/site-settings.entity.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(script: 'setup' | 'doctor', args: string[], { cwd, env = {} }: { cwd: string; env?: Record<string, string> }): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT_DIR, `src/server/cli/${script}.ts`), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const envOf = (file: string) =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

// Child processes that each start Node and open a database: minutes on a busy 2-core machine.
describe('npm run setup', { timeout: 300_000 }, () => {
  it('writes .env (mode 600) from its flags, refuses a bad answer in one line, and a second run changes only what it is asked', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-setup-'));
    const bad = await cli('setup', ['--origin', 'doodles.example.com/home'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      "Invalid --origin doodles.example.com/home: give the site's address like https://doodles.example.com (no path).",
    );

    const first = await cli(
      'setup',
      ['--origin', 'https://doodles.example.com', '--database', 'embedded', '--mail-from', 'Willow Creek <hello@willowcreek.example>'],
      { cwd: dir },
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const file = path.join(dir, '.env');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    let env = envOf(file);
    expect(env).toMatchObject({
      APP_ORIGIN: 'https://doodles.example.com',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DKIM_DOMAIN: 'willowcreek.example',
      DKIM_SELECTOR: 'site',
    });
    expect(env.DKIM_PRIVATE_KEY).toMatch(/^"-----BEGIN PRIVATE KEY-----\\n.+\\n-----END PRIVATE KEY-----"$/);
    // Her own line, and one she changed by hand, stay as they are.
    writeFileSync(file, readFileSync(file, 'utf8').replace('PORT=3000', 'PORT=8080') + '# mine\nMY_NOTE=kept\n');

    const second = await cli('setup', ['--mail-from', 'hello@willowcreek.example'], { cwd: dir });
    expect(second.code).toBe(0);
    const again = envOf(file);
    expect(again).toMatchObject({
      PORT: '8080',
      MY_NOTE: 'kept',
      APP_ORIGIN: 'https://doodles.example.com',
      MAIL_FROM: 'hello@willowcreek.example',
    });
    // Its DKIM key is not replaced: the record already published stays right.
    expect(again.DKIM_PRIVATE_KEY).toBe(env.DKIM_PRIVATE_KEY);

    const smtp = await cli('setup', ['--smtp', 'smtp://user:secret@127.0.0.1:9'], { cwd: dir });
    expect(smtp.code).toBe(1);
    expect(smtp.stderr.trim().split('\n')).toHaveLength(1);
    expect(smtp.stderr).toMatch(/^The mail server at smtp:\/\/user:\*\*\*@127\.0\.0\.1:9 does not answer as expected: /);
    const db = await cli('setup', ['--database', 'postgres://nobody:pw@127.0.0.1:9/doodles'], { cwd: dir });
    expect(db.code).toBe(1);
    expect(db.stderr).toMatch(/^Cannot reach the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:9\/doodles: /);
    env = envOf(file);
    expect(env.SMTP_URL).toBe('');
    expect(env.DATABASE_URL).toBe('');
    expect((await cli('setup', ['--empty'], { cwd: dir })).stderr).toMatch(/--empty needs --kennel-name/);
  });

  it('--empty --kennel-name with --admin: her name and no demo content, the admin made, no setup link left', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-setup-'));
    // Migrated already, as a site started once is (a copy of the run's migrated template).
    mkdirSync(path.join(dir, 'data'));
    cpSync(templateCopyDir(), path.join(dir, 'data', 'db'), { recursive: true });
    const run = await cli(
      'setup',
      [
        '--origin',
        'https://doodles.example.com',
        '--database',
        'embedded',
        '--empty',
        '--kennel-name',
        'Willow Creek Doodles',
        '--town',
        'Bend, Oregon',
        '--admin',
        'sarah',
      ],
      { cwd: dir, env: { ADMIN_PASSWORD: 'willow-creek-2026' } },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('The site is Willow Creek Doodles, with no demo content.');
    expect(run.stdout).toContain('Created admin sarah.');
    expect(envOf(path.join(dir, '.env')).SEED_DEMO).toBe('false');
    const orm = await openDatabase({ pgliteDir: path.join(dir, 'data', 'db') });
    try {
      const settings = await orm.em.fork().findOneOrFail(SiteSettings, { id: 1 });
      expect(settings).toMatchObject({ breederName: 'Willow Creek Doodles', town: 'Bend, Oregon', facebookUrl: '', aboutStory: '' });
      expect(JSON.stringify(settings)).not.toMatch(/Aspen|aspenmeadow/i);
      const [{ n }] = (await orm.em.getConnection().execute(`select count(*)::int as n from "users" where "is_admin"`)) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      await closeDatabase(orm);
    }
  });
});

describe('npm run doctor', { timeout: 180_000 }, () => {
  let dns: TestDnsServer;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let dataDir: string;
  beforeAll(async () => {
    dns = await startDnsServer({
      txt: {
        'willowcreek.example': [['v=spf1 include:mail.provider.example ~all']],
        'site._domainkey.willowcreek.example': [dkimRecordValue(key).match(/.{1,255}/g)!],
        '_dmarc.willowcreek.example': [['v=DMARC1; p=none']],
      },
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'doodle-doctor-'));
    cpSync(templateCopyDir(), path.join(dataDir, 'db'), { recursive: true });
    // A site that has run: its web push keys made, and last night's backup in place.
    const orm = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await orm.em
      .getConnection()
      .execute(
        `insert into "app_secrets" ("name", "value", "created_at") values ('vapid_public_key', 'p', now()), ('vapid_private_key', 'k', now())`,
      );
    await closeDatabase(orm);
    mkdirSync(path.join(dataDir, 'backups'));
    writeFileSync(path.join(dataDir, 'backups', backupFileName(new Date(Date.now() - 6 * 3_600_000))), 'a backup');
  });
  afterAll(async () => dns?.close());

  const good = () => ({
    DATA_DIR: dataDir,
    APP_ORIGIN: 'https://willowcreek.example',
    TRUST_PROXY: '1',
    SMTP_URL: 'smtp://user:pw@smtp.provider.example:587',
    MAIL_FROM: 'Willow Creek <hello@willowcreek.example>',
    DKIM_DOMAIN: 'willowcreek.example',
    DKIM_SELECTOR: 'site',
    DKIM_PRIVATE_KEY: key.replace(/\n/g, '\\n'),
    DNS_SERVERS: dns.address,
  });

  it('a correctly configured site: one line per check, nothing failing, exit 0', async () => {
    const run = await cli('doctor', [], { cwd: dataDir, env: good() });
    console.log(`doctor on a correct site (exit ${run.code}):\n${run.stdout}`);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => /^(ok {2}|WARN|FAIL) {2}/.test(l)).length).toBeGreaterThanOrEqual(13);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(run.stdout).toMatch(
      /^ok {4}DKIM record at site\._domainkey\.willowcreek\.example: Published, and it matches DKIM_PRIVATE_KEY\./m,
    );
    expect(run.stdout).toMatch(/^ok {4}Backups: Newest: site-/m);
    expect(run.code).toBe(0);
  });

  it('an incorrect one: each problem with its fix, exit 1', async () => {
    const run = await cli('doctor', [], {
      cwd: dataDir,
      env: {
        ...good(),
        APP_ORIGIN: 'http://willowcreek.example',
        SMTP_URL: '',
        DKIM_SELECTOR: 'old',
        BACKUP_DIR: path.join(dataDir, 'nowhere'),
      },
    });
    console.log(`doctor on an incorrect site (exit ${run.code}):\n${run.stdout}`);
    expect(run.code).toBe(1);
    const failing = run.stdout.split('\n').filter((l) => l.startsWith('FAIL'));
    expect(failing.map((l) => l.slice(6, l.indexOf(':')))).toEqual(
      expect.arrayContaining([
        'Public address (APP_ORIGIN)',
        'Outgoing e-mail',
        'DKIM record at old._domainkey.willowcreek.example',
        'Backups',
      ]),
    );
    expect(failing.every((l) => l.includes(' Fix: '))).toBe(true);
  });

  it('refuses politely while the running server holds the embedded database (exit 2, no stack)', async () => {
    const release = lockEmbeddedDatabase(path.join(dataDir, 'db'));
    try {
      const run = await cli('doctor', [], { cwd: dataDir, env: good() });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^SKIP {2}Database and the rest: the embedded database is open in the running server/m);
      expect(run.stdout).not.toMatch(/^\s+at /m);
      expect(run.code).toBe(2);
    } finally {
      release();
    }
  });
});
