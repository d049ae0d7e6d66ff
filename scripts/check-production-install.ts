// CI (.ci/run, after npm test built the tree): the built tree copied to a temporary directory with only the
// production dependencies (`npm ci --omit=dev`), then `npm run admin -- --help` answers its usage and
// `npm start` serves the home page from an embedded database on a free port. A production import left in
// devDependencies fails here (issue 44: the CLI broke that way).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What `npm start` needs: the build, what the server and the CLI run from source, and the package files. */
const COPIED = [
  'package.json',
  'package-lock.json',
  '.nvmrc',
  'dist',
  'src',
  'migrations',
  'scripts',
  'public',
  'tsconfig.json',
  'vite.config.ts',
  'mikro-orm.config.ts',
];
const START_TIMEOUT_MS = 90_000;

if (!existsSync(path.join(root, 'dist/client/index.html')) || !existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('check-production-install: build first (npm run build)');
  process.exit(1);
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-prod-install-'));
// The pinned Node (a devDependency, so not installed below) runs this script: the production machine has its own.
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, NODE_ENV: 'production' };
const step = (what: string) => console.log(`--- ${what}`);

function run(command: string, args: string[]): { status: number; out: string } {
  const r = spawnSync(command, args, { cwd: dir, env, encoding: 'utf8' });
  return { status: r.status ?? 1, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function main(): Promise<number> {
  // cpSync keeps modification times, so `npm start` sees the build as fresh and does not rebuild.
  for (const entry of COPIED)
    if (existsSync(path.join(root, entry)))
      cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true, preserveTimestamps: true });

  step('npm ci --omit=dev');
  const install = run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund']);
  if (install.status !== 0) return fail('npm ci --omit=dev', install.out);

  step('npm run admin -- --help');
  const help = run('npm', ['run', '--silent', 'admin', '--', '--help']);
  if (help.status !== 0 || !help.out.includes('Usage: npm run admin')) return fail('npm run admin -- --help', help.out);

  step('npm start, then GET /');
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let served: { status: number; body: string } | null = null;
    // Polling until the server answers (or exits): start-up time varies with the machine.
    while (!served && Date.now() < deadline && child.exitCode === null) {
      served = await fetch(`http://127.0.0.1:${port}/`).then(
        async (res) => ({ status: res.status, body: await res.text() }),
        () => null,
      );
      if (!served) await new Promise((r) => setTimeout(r, 250));
    }
    if (!served) return fail(`npm start (no answer on port ${port})`, output);
    if (served.status !== 200 || !served.body.includes('<div id="root">'))
      return fail(`GET / answered ${served.status}`, `${output}\n${served.body.slice(0, 500)}`);
    console.log(`npm start served / (200) on port ${port}`);
    return 0;
  } finally {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

function fail(what: string, output: string): number {
  console.error(`check-production-install: ${what} failed\n${output}`);
  return 1;
}

try {
  process.exitCode = await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
