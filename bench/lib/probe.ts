// What the load and fault benchmarks read off the server under test: resident memory, the mixed load
// run in its own process, and how many of the marked writes the database really holds (through the
// admin CSV exports, so the count goes through the same app on either database).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { NODE, ROOT_DIR } from './server.ts';

export const BENCH_ADMIN = { username: 'benchadmin', password: 'bench-admin-password-1' };

/** Resident memory of a process in bytes (0 when it is gone). */
export function rss(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The CPU time (user + system) a process has used so far, in milliseconds, from /proc (0 where there is none).
 * Unlike a request's time it does not grow while the process waits for a core, so it reads the same on a busy
 * machine.
 */
export function cpuMs(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15 (clock ticks, 100 a second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every `everyMs` until stopped; returns the peak and the last sample. */
export function sampleRss(pid: number, everyMs = 250) {
  let peak = rss(pid);
  let last = peak;
  const timer = setInterval(() => {
    last = rss(pid);
    peak = Math.max(peak, last);
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak, last };
    },
  };
}

export interface MixedLoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  resets: number;
  non2xx: number;
  answers: Record<'read' | 'inquiry' | 'subscriber', Record<string, number>>;
  errorsByCode: Record<string, number>;
  acknowledged: { inquiry: number; subscriber: number };
  acknowledgedIds: number[];
  marker: string;
}

export function mixedLoad(
  target: string,
  options: { connections: number; seconds: number; marker: string; writeShare?: number },
): Promise<MixedLoadResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(NODE, [path.join(ROOT_DIR, 'bench/lib/mixed-load.ts')], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        TARGET: target,
        CONNECTIONS: String(options.connections),
        SECONDS: String(options.seconds),
        MARKER: options.marker,
        WRITE_SHARE: String(options.writeShare ?? 0.1),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as MixedLoadResult);
      } catch {
        reject(new Error(`the load generator failed (exit ${code}): ${(err || out).trim().slice(-500)}`));
      }
    });
  });
}

function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false, timeout: 30_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The write numbers of a CSV export's rows that carry the marker (in their e-mail address). */
async function csvIds(origin: string, cookie: string, file: string, marker: string): Promise<number[]> {
  const res = await request(`${origin}/api/admin/${file}?search=${encodeURIComponent(marker)}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${file} answered ${res.status}: ${res.body.slice(0, 200)}`);
  return [...res.body.matchAll(new RegExp(`${marker}-(\\d+)@`, 'g'))].map((m) => Number(m[1]));
}

export interface Stored {
  inquiry: number;
  subscriber: number;
  /** Acknowledged writes with no row: must be 0. */
  lost: number;
  /** Rows whose answer the load generator never read (in flight when the run ended). */
  unacknowledged: number;
}

/** Signs in as the bench administrator (started with ADMIN_USERNAME/ADMIN_PASSWORD) and compares stored rows with acknowledged writes. */
export async function storedWrites(origin: string, marker: string, acknowledgedIds: number[]): Promise<Stored> {
  const login = await request(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': '192.0.2.250' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${login.body.slice(0, 200)}`);
  const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const inquiries = await csvIds(origin, cookie, 'inquiries.csv', marker);
  const subscribers = await csvIds(origin, cookie, 'subscribers.csv', marker);
  const stored = new Set([...inquiries, ...subscribers]);
  const acknowledged = new Set(acknowledgedIds);
  return {
    inquiry: inquiries.length,
    subscriber: subscribers.length,
    lost: [...acknowledged].filter((id) => !stored.has(id)).length,
    unacknowledged: [...stored].filter((id) => !acknowledged.has(id)).length,
  };
}

/** "201: 1,234, 503: 5" */
export function statusList(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? entries.map(([s, n]) => `${s}: ${n.toLocaleString('en-US')}`).join(', ') : 'none';
}
