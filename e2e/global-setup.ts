// Once per Playwright run (decisions 135 and 136):
// 1. One server is started on a fresh embedded database with the demo content, then stopped; its data directory is the
//    template every seeded server of the run copies instead of migrating and seeding a database of its own (about 14 s
//    per start on the idle 2-core machine, 2.5 s from a copy). The copy is what a fresh start leaves, made by the same
//    server build the journeys run.
// 2. Each worker's own server (port E2E_PORT + worker) starts from a copy of it; they are stopped when the run ends.
//    (Playwright's `webServer` would start them before this setup, each seeding its own database.)
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

export const TEMPLATE_ENV = 'E2E_SEEDED_TEMPLATE';

interface Started {
  child: ChildProcess;
  dir: string;
  exited: Promise<number | null>;
}

/** Starts scripts/e2e-server.ts on `port` with `dir` as its data directory, and waits until it is ready. */
async function startServer(port: number, dir: string, stderr: 'pipe' | 'inherit'): Promise<Started> {
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(port), SEED_DEMO: 'true', E2E_DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', stderr],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, dir, exited };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `the e2e server on ${port} ${child.exitCode !== null ? `exited with ${child.exitCode}` : 'did not start'}:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A graceful stop: the embedded database is closed and its lock released. */
async function stopServer({ child, exited }: Started): Promise<number | null> {
  if (child.exitCode === null) child.kill('SIGTERM');
  return exited;
}

export default async function globalSetup(config: FullConfig) {
  const base = Number(process.env.E2E_PORT ?? 3199);
  const newDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `doodle-e2e-${name}-`));
  // E2E_FRESH_SEED=1: every server migrates and seeds its own database (to compare, or to rule the copy out).
  let template: string | undefined;
  if (!process.env.E2E_FRESH_SEED) {
    template = newDir('template');
    // Below the private servers' ports (E2E_PORT + offset + 100 × worker, offsets 41–95) and above the workers' own.
    const server = await startServer(base + 98, template, 'pipe');
    const code = await stopServer(server);
    if (code !== 0) {
      rmSync(template, { recursive: true, force: true });
      throw new Error(`the e2e template server stopped with ${code}`);
    }
    // Workers inherit the environment Playwright's global setup leaves.
    process.env[TEMPLATE_ENV] = template;
  }
  const started = await Promise.allSettled(
    Array.from({ length: config.workers }, (_, i) => {
      const dir = newDir(`worker${i}`);
      if (template) cpSync(template, dir, { recursive: true });
      return startServer(base + i, dir, 'inherit');
    }),
  );
  const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const teardown = async () => {
    await Promise.all(workers.map(stopServer));
    for (const dir of [...workers.map((w) => w.dir), ...(template ? [template] : [])]) rmSync(dir, { recursive: true, force: true });
  };
  // One server that did not start fails the run, without leaving the others running.
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}
