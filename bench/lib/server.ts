// Process helpers for benchmarks: free ports, HTTP GET, spawning the production server (or any
// command) as a child process, waiting for its readiness probe, stopping it, and cleanup on Ctrl-C.
// Self-contained: imports nothing from src/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientBuildState, serverBuildState } from '../../src/server/build-state.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The Node running the benchmarks (Node 24 under npm scripts, thanks to the `node` dev dependency). */
export const NODE = process.execPath;

const START_SCRIPT = (
  JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.split(/\s+/);
/** The Node options `npm start` runs the server with (package.json), so the benches measure that server. */
export const SERVER_NODE_FLAGS: string[] = START_SCRIPT.filter((word) => word.startsWith('--'));
/** The environment `npm start` sets before Node starts (the C library's allocator settings, decision 099). */
export const SERVER_ENV: Record<string, string> = Object.fromEntries(
  START_SCRIPT.slice(0, Math.max(0, START_SCRIPT.indexOf('node'))).map((word) => [
    word.slice(0, word.indexOf('=')),
    word.slice(word.indexOf('=') + 1),
  ]),
);

export const sleep = (msec: number) => new Promise<void>((resolve) => setTimeout(resolve, msec));

// ---------------------------------------------------------------------------------------------
// Cleanup: child processes, temp dirs and databases are released even when the run is interrupted.

const cleanups = new Set<() => Promise<void> | void>();
let interrupted = false;

/** Marks the run as interrupted: nothing new starts, and anything registered from now on is released at once. */
export function interrupt() {
  interrupted = true;
}

/** Throws when the run was interrupted (called before starting servers or creating databases). */
export function assertNotInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

/** Registers a cleanup step; call the returned function to unregister it once done normally. */
export function onCleanup(fn: () => Promise<void> | void): () => void {
  if (interrupted) {
    void Promise.resolve()
      .then(fn)
      .catch(() => undefined);
    return () => undefined;
  }
  cleanups.add(fn);
  return () => {
    cleanups.delete(fn);
  };
}

/** Runs every registered cleanup step, newest first (run.ts calls it on exit and on Ctrl-C). */
export async function runCleanups() {
  const steps = [...cleanups].reverse();
  cleanups.clear();
  for (const step of steps) {
    try {
      await step();
    } catch {
      // best effort
    }
  }
}

/** A fresh temporary directory, removed by remove() or at cleanup. */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const unregister = onCleanup(removeDir);
  return {
    dir,
    remove: () => {
      unregister();
      removeDir();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Network

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on host:port within timeoutMs. */
export function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain GET without keep-alive (no compression unless asked for through headers). */
export function httpGet(url: string, options: { timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<HttpResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: options.headers ?? {}, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Child processes

export interface Child {
  pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  hasExited: () => boolean;
  /** The last ~20 KB of combined stdout and stderr. */
  output: () => string;
  /** SIGTERM to the whole process group, SIGKILL after graceMs; resolves once every member is gone. */
  stop: (graceMs?: number) => Promise<void>;
}

/** Whether a live (non-zombie) process remains in the process group. */
function groupAlive(pgid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // "pid (comm) state ppid pgrp …": comm may hold spaces, so read the fields after the last ')'.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
      } catch {
        // the process went away while we looked
      }
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Spawns a command in its own process group, so `npm start` and the node under it stop together. */
export function spawnChild(command: string, args: string[], env: Record<string, string | undefined>, cwd = ROOT_DIR): Child {
  assertNotInterrupted();
  const proc = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-20_000);
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  let exited = false;
  const exitedPromise = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => {
      exited = true;
      resolve(code);
    });
    proc.on('error', (error) => {
      collect(Buffer.from(`spawn failed: ${error.message}\n`));
      exited = true;
      resolve(null);
    });
  });
  const pid = proc.pid ?? -1;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      // group already gone
    }
  };
  const stop = async (graceMs = 15_000) => {
    if (pid < 0 || (exited && !groupAlive(pid))) return;
    signal('SIGTERM');
    // Wait for the whole group: npm may exit before the server under it has closed its database.
    const deadline = performance.now() + graceMs;
    while ((!exited || groupAlive(pid)) && performance.now() < deadline) await sleep(20);
    if (!exited || groupAlive(pid)) signal('SIGKILL');
    await exitedPromise;
  };
  const unregister = onCleanup(() => stop(5000));
  void exitedPromise.then(() => {
    if (!groupAlive(pid)) unregister();
  });
  return { pid, exited: exitedPromise, hasExited: () => exited, output: () => out, stop };
}

function tail(text: string, lines = 15) {
  return text
    .trim()
    .split('\n')
    .slice(-lines)
    .map((l) => `     | ${l}`)
    .join('\n');
}

/** Polls url until it answers 200; returns when it first did (performance.now()). */
export async function waitFor200(url: string, child: Child, timeoutMs = 120_000, everyMs = 10): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.hasExited()) throw new Error(`the process exited before ${url} answered 200:\n${tail(child.output())}`);
    try {
      const res = await httpGet(url, { timeoutMs: 2000 });
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${tail(child.output())}`);
}

// ---------------------------------------------------------------------------------------------
// The application

/** Where the production client build lives: CLIENT_DIR when set, else dist/client (as for the server). */
export function clientDir() {
  return process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(ROOT_DIR, 'dist/client');
}

/** Builds the client and the server's bundle when either is missing or older than its sources (as `npm start` does). */
export function ensureClientBuild(): string {
  const dir = clientDir();
  const client = clientBuildState(ROOT_DIR, dir);
  const server = serverBuildState(ROOT_DIR, path.join(ROOT_DIR, 'dist/server'));
  if (client === 'fresh' && server === 'fresh') return dir;
  const what = client === 'fresh' ? 'the server' : `the client into ${path.relative(ROOT_DIR, dir) || dir} and the server`;
  console.log(
    `   building ${what} (${client === 'missing' || server === 'missing' ? 'no build yet' : 'sources changed since the last build'}) …`,
  );
  const r = spawnSync(NODE, [path.join(ROOT_DIR, client === 'fresh' ? 'scripts/build-server.ts' : 'scripts/build.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, CLIENT_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`the build failed (exit ${r.status})`);
  return dir;
}

export interface AppServer {
  url: string;
  port: number;
  child: Child;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  stop: () => Promise<void>;
}

export interface StartAppOptions {
  /** Embedded database directory (the server ignores it for the database when databaseUrl is set). */
  dataDir?: string;
  databaseUrl?: string;
  /** Command to run; default: node on the server's bundle, as `npm start` runs it. ['npm', 'start'] measures the real entry point. */
  command?: string[];
  port?: number;
  extraEnv?: Record<string, string>;
  timeoutMs?: number;
}

/** Starts the production server (NODE_ENV=production, LOG_LEVEL=warn, 127.0.0.1) and waits for /readyz. */
export async function startApp(options: StartAppOptions): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_ORIGIN: url,
    CLIENT_DIR: clientDir(),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    ...options.extraEnv,
  };
  if (!env.DATA_DIR) delete env.DATA_DIR;
  const [command, ...args] = options.command ?? [NODE, ...SERVER_NODE_FLAGS, 'dist/server/main.js'];
  const started = performance.now();
  const child = spawnChild(command, args, env);
  try {
    const readyAt = await waitFor200(`${url}/readyz`, child, options.timeoutMs ?? 180_000);
    return { url, port, child, readyMs: readyAt - started, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
