// The process entry: clear one-line failures for bad settings, and a graceful exit on SIGTERM.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
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
  /** Resolves when the process has written a line matching pattern to stdout (its JSON log). */
  const logged = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stdout)) return;
        child.stdout.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      child.once('exit', () => reject(new Error(`exited before logging ${pattern}: ${stderr}`)));
      check();
    });
  return { child, exited, logged, output: () => ({ stdout, stderr }) };
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
    // Info level: the request and shutdown log lines are the events this test waits for.
    const p = start({ PORT: port, DATA_DIR: freshDir(), APP_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info' });
    await p.logged(/Server listening at/);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // A request in flight: headers and half its body sent, the rest only after the signal.
    const body = JSON.stringify({ name: 'Ada Family', email: 'ada@example.com', interest: 'available', message: 'Hello, is Biscuit still available?' });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (d) => (response += d));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /api/inquiries HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 20));
    await p.logged(/"url":"\/api\/inquiries".*"incoming request"|"incoming request".*"url":"\/api\/inquiries"/);
    p.child.kill('SIGTERM');
    await p.logged(/"shutting down"/);
    socket.end(body.slice(20));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    // New connections are refused once it is closing.
    expect(await fetch(`http://127.0.0.1:${port}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
    expect(await p.exited).toBe(0);
  }, 150_000);
});
