// The process entry: clear one-line failures for bad settings, the embedded database held while it runs, and a
// graceful exit on SIGTERM.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { ROOT_DIR } from './db.ts';
import { embeddedTemplateDir } from './testing/embedded-template.ts';

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
/**
 * A data directory whose embedded database is a copy of the run's migrated template: the server starts without
 * initdb and the migrations (a fresh start's migrating and seeding is what every e2e run's global setup does).
 */
function migratedDir() {
  const dir = freshDir();
  cpSync(embeddedTemplateDir(), path.join(dir, 'db'), { recursive: true });
  return dir;
}

/** A raw HTTP/1.1 client on one socket: sends requests and reads responses one at a time (keep-alive). */
async function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let buffer = Buffer.alloc(0);
  let wake = () => {};
  let error: Error | undefined;
  let ended = false;
  socket.on('data', (d) => {
    buffer = Buffer.concat([buffer, d]);
    wake();
  });
  socket.on('error', (e) => {
    error = e;
    wake();
  });
  const closed = new Promise<void>((r) =>
    socket.once('close', () => {
      ended = true;
      wake();
      r();
    }),
  );
  return {
    write: (text: string) => socket.write(text),
    /** The next complete response (status, lower-cased headers, body). */
    async response() {
      for (;;) {
        const head = buffer.indexOf('\r\n\r\n');
        if (head >= 0) {
          const lines = buffer.subarray(0, head).toString().split('\r\n');
          const headers = Object.fromEntries(
            lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          );
          const length = Number(headers['content-length'] ?? 0);
          if (buffer.length >= head + 4 + length) {
            const body = buffer.subarray(head + 4, head + 4 + length).toString();
            buffer = buffer.subarray(head + 4 + length);
            return { status: Number(lines[0]!.split(' ')[1]), headers, body };
          }
        }
        if (error || ended) throw error ?? new Error('connection closed before a complete response');
        await new Promise<void>((r) => (wake = r));
      }
    },
    /** Resolves when the server closed the connection; rejects if it was reset. */
    async closedCleanly() {
      await closed;
      if (error) throw error;
    },
  };
}

/** Whether a new TCP connection to the port is accepted. */
function connects(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

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

  it('serves, holding the embedded database (a backup meanwhile is refused), then exits 0 on SIGTERM after closing it', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const dataDir = migratedDir();
    // Info level and every request logged: the request and shutdown log lines are the events this test waits for.
    const p = start({
      PORT: port,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      LOG_ACCESS_SAMPLE: '1',
    });
    await p.logged(/Server listening at/);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const lock = path.join(dataDir, 'db.lock');
    expect((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid).toBe(p.child.pid);
    const backup = spawnSync(
      process.execPath,
      [path.join(ROOT_DIR, 'src/server/cli/backup.ts'), 'backup', path.join(dataDir, 'site.bak')],
      {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    expect(backup.status).toBe(1);
    expect(backup.stderr.trim()).toMatch(
      new RegExp(`^The embedded database in .* is open in process ${p.child.pid} \\(main\\.ts, since [^)]+\\): stop it first`),
    );
    expect(existsSync(path.join(dataDir, 'site.bak'))).toBe(false);
    // A request in flight: headers and half its body sent, the rest only after the signal.
    const body = JSON.stringify({
      name: 'Ada Family',
      email: 'ada@example.com',
      interest: 'available',
      message: 'Hello, is Biscuit still available?',
    });
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
    expect(await connects(Number(port))).toBe(false);
    expect(await p.exited).toBe(0);
    expect(existsSync(lock)).toBe(false);
  }, 150_000);

  it('on SIGTERM tells keep-alive clients Connection: close, finishes in-flight requests and resets none', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    // A long grace so the idle keep-alive client below is still open when it sends after the signal.
    const p = start({
      PORT: port,
      DATA_DIR: migratedDir(),
      SEED_DEMO: 'false',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '8000',
    });
    await p.logged(/Server listening at/);
    const host = `Host: 127.0.0.1:${port}\r\n`;

    // A keep-alive client that finished one request and is idle when the signal comes.
    const idle = await rawClient(Number(port));
    idle.write(`GET /healthz HTTP/1.1\r\n${host}\r\n`);
    const before = await idle.response();
    expect(before.status).toBe(200);
    expect(before.headers.connection).not.toBe('close');

    // A keep-alive client with a request in flight: headers and half its body before the signal.
    const body = JSON.stringify({
      name: 'Bea Family',
      email: 'bea@example.com',
      interest: 'available',
      message: 'Hello, is Biscuit still available?',
    });
    const busy = await rawClient(Number(port));
    busy.write(
      `POST /api/inquiries HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    busy.write(body.slice(0, 20));

    p.child.kill('SIGTERM');
    await p.logged(/"shutting down"/);
    // The listening socket closes on the next turn of the server's event loop: wait until it refuses.
    while (await connects(Number(port)));

    // The idle client sends its next request on the open connection: answered, then told to close.
    idle.write(`GET /healthz HTTP/1.1\r\n${host}\r\n`);
    const after = await idle.response();
    expect(after.status).toBe(200);
    expect(after.headers.connection).toBe('close');
    await idle.closedCleanly();

    busy.write(body.slice(20));
    const created = await busy.response();
    expect(created.status).toBe(201);
    expect(created.headers.connection).toBe('close');
    await busy.closedCleanly();

    expect(await p.exited).toBe(0);
  }, 150_000);
});
