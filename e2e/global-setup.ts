// Once per Playwright run: one private server is started on a fresh embedded database with the demo content, then
// stopped; its data directory is the template every seeded private server copies (e2e/private-server.ts) instead of
// migrating and seeding a database of its own (about 14 s per start on the idle 2-core machine, 2.5 s from a copy,
// decision 135). The copy is what a fresh start leaves, made by the same server build the journeys run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEMPLATE_ENV = 'E2E_SEEDED_TEMPLATE';

export default async function globalSetup() {
  // E2E_FRESH_SEED=1: every private server migrates and seeds its own database (to compare, or to rule the copy out).
  if (process.env.E2E_FRESH_SEED) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-e2e-template-'));
  // Below the private servers' ports (E2E_PORT + offset + 100 × worker, offsets 41–95) and above the workers' own.
  const port = Number(process.env.E2E_PORT ?? 3199) + 98;
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(port), SEED_DEMO: 'true', E2E_DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`the e2e template server on ${port} ${child.exitCode !== null ? `exited with ${child.exitCode}` : 'did not start'}:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // A graceful stop: the embedded database is closed and its lock released before the directory is copied.
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the e2e template server stopped with ${code}:\n${stderr}`);
  }
  // Workers inherit the environment Playwright's global setup leaves.
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
