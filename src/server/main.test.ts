// The process entry: clear one-line failures for bad settings, and a graceful exit on SIGTERM.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from './db.ts';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'src/server/main.ts')], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'doodle-main-'));

describe('process entry', () => {
  it('refuses an invalid setting with one line naming it and exit code 1', async () => {
    const p = start({ PORT: 'not-a-port', DATA_DIR: freshDir() });
    expect(await p.exited).toBe(1);
    const { stderr } = p.output();
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('PORT');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an unreachable DATABASE_URL with one clear line and exit code 1', async () => {
    const p = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', DATA_DIR: freshDir() });
    expect(await p.exited).toBe(1);
    const { stderr } = p.output();
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('DATABASE_URL');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('serves, then exits 0 on SIGTERM after closing the database', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const p = start({ PORT: port, DATA_DIR: freshDir(), APP_ORIGIN: `http://127.0.0.1:${port}` });
    let ready = false;
    for (let i = 0; i < 500 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    }
    expect(ready).toBe(true);
    // Several requests in flight; the signal arrives as soon as the first one is answered.
    const inFlight = Array.from({ length: 10 }, () =>
      fetch(`http://127.0.0.1:${port}/api/puppies/featured`).then((r) => r.status),
    );
    await Promise.race(inFlight);
    p.child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual(Array(10).fill(200));
    expect(await p.exited).toBe(0);
  }, 150_000);
});
