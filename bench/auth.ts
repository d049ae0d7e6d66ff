// Accounts: the cost of one argon2id hash with the chosen settings (target 50–250 ms on this machine),
// whether an unknown username costs the same as a wrong password, and how many logins per second one
// production instance sustains before rate limiting (successful logins: they never trip the limit).
import { spawn } from 'node:child_process';
import path from 'node:path';
import argon2 from 'argon2';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../src/features/auth/server/password.ts';
import { check, heading, int, median, ms, note, table } from './lib/report.ts';
import { ensureClientBuild, NODE, ROOT_DIR, sleep, startApp, tempDir } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const USER = { username: 'bench_admin', password: 'bench-password-2026' };

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function hashFigures() {
  const hashes: number[] = [];
  const verifies: number[] = [];
  const hash = await hashPassword('warm-up-password');
  for (let i = 0; i < 9; i++) {
    hashes.push(await time(() => hashPassword(`password-number-${i}`)));
    verifies.push(await time(() => verifyPassword(hash, `password-number-${i}`)));
  }
  return { hash: median(hashes), verify: median(verifies) };
}

async function post(url: string, body: unknown, origin: string) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  await res.text();
  return { status: res.status, ms: performance.now() - started };
}

interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
}

function loginLoad(base: string): Promise<LoadFigures> {
  const bin = path.join(ROOT_DIR, 'node_modules/autocannon/autocannon.js');
  const args = [
    bin,
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    '--json',
    '-m',
    'POST',
    '-H',
    'content-type=application/json',
    '-H',
    `origin=${base}`,
    '-b',
    JSON.stringify(USER),
    `${base}/api/login`,
  ];
  return new Promise((resolve, reject) => {
    const proc = spawn(NODE, args, { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      try {
        const r = JSON.parse(out.trim().split('\n').pop() ?? '') as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          non2xx: number;
        };
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, non2xx: r.non2xx });
      } catch {
        reject(new Error(`autocannon failed (exit ${code})`));
      }
    });
  });
}

export async function run() {
  heading('Accounts: argon2id cost and logins per second');
  const o = ARGON2_OPTIONS;
  console.log(
    `   argon2id m=${o.memoryCost} KiB (${(o.memoryCost / 1024).toFixed(0)} MiB), t=${o.timeCost}, p=${o.parallelism}` +
      ` (OWASP minimum: m=19 MiB, t=2, p=1; argon2 binding ${argon2 ? 'native' : '?'})`,
  );
  const { hash, verify } = await hashFigures();
  table([
    ['operation', 'median of 9'],
    ['hash', ms(hash, 1)],
    ['verify', ms(verify, 1)],
  ]);
  console.log(`   ${check('argon2id hash time', ms(hash, 1), hash >= 50 && hash <= 250, '50–250 ms')}`);

  ensureClientBuild();
  const data = tempDir('bench-auth');
  const app = await startApp({ dataDir: data.dir, extraEnv: { ADMIN_USERNAME: USER.username, ADMIN_PASSWORD: USER.password } });
  try {
    const url = `${app.url}/api/login`;
    // Same message and about the same time for an unknown username and a wrong password (4 each: under the limit).
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 4; i++) {
      unknown.push((await post(url, { username: `nobody${i}`, password: 'not-the-password' }, app.url)).ms);
      wrong.push((await post(url, { username: USER.username, password: 'not-the-password' }, app.url)).ms);
    }
    const first = await post(url, USER, app.url);
    if (first.status !== 200) throw new Error(`login answered ${first.status}`);
    table([
      ['login', 'median time'],
      ['unknown username', ms(median(unknown), 1)],
      ['wrong password', ms(median(wrong), 1)],
      ['right password', ms(first.ms, 1)],
    ]);

    const load = await loginLoad(app.url);
    table([
      ['successful logins', 'req/s', 'p50', 'p99', 'total', 'non-2xx'],
      [`${CONNECTIONS} connections, ${SECONDS} s`, int(load.rps), ms(load.p50), ms(load.p99), int(load.total), int(load.non2xx)],
    ]);
    note('each login is one argon2id verification plus a session insert; the CPU (argon2 on the libuv pool) is the ceiling');

    // Logins still queued when the load stopped finish first (each success clears the failure count).
    await sleep(Math.max(2000, load.p99 * 2));
    // The limit: 10 failures for one username within 15 minutes, the 11th attempt is refused.
    let refusedAt = 0;
    for (let i = 1; i <= 12 && !refusedAt; i++) {
      const r = await post(url, { username: USER.username, password: `guess-${i}` }, app.url);
      if (r.status === 429) refusedAt = i;
    }
    console.log(`   failed logins for one username: attempt ${refusedAt || 'none'} is answered 429 (limit: 10 failures / 15 min)`);
  } finally {
    await app.stop();
    data.remove();
  }
}
