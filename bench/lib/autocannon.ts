// Runs autocannon in its own process (so the load generator never shares an event loop with the
// benchmark driver) and returns the figures we report.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { NODE, ROOT_DIR } from './server.ts';

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response bytes per second. */
  throughput: number;
  /** Responses by HTTP status, e.g. { '200': 1234, '503': 2 }. */
  statusCodes: Record<string, number>;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

export function autocannon(url: string, { connections = 50, seconds = 10 } = {}): Promise<LoadResult> {
  const bin = path.join(ROOT_DIR, 'node_modules/autocannon/autocannon.js');
  return new Promise((resolve, reject) => {
    const proc = spawn(NODE, [bin, '-c', String(connections), '-d', String(seconds), '--json', url], {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        const r = JSON.parse(line) as AutocannonJson;
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          total: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          throughput: r.throughput.average,
          statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
        });
      } catch {
        reject(new Error(`autocannon failed (exit ${code}): ${(err || out).trim().slice(-500)}`));
      }
    });
  });
}
