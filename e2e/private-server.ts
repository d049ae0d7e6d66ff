// A server of a journey's own, on its own fresh embedded database: journeys that change content
// (the admin's) or need none (empty states) don't disturb the shared one.
// With E2E_SERVER_LOG=/tmp/srv each server writes its stderr to /tmp/srv-<port>.log (to read a failure's server side).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, workerSlot } from './fixtures.ts';
import { TEMPLATE_ENV } from './global-setup.ts';
import { startSmtpServer, type TestSmtpServer } from '../src/features/mail/server/mail.test-helpers.ts';

export function privateServer({ offset, seed }: { offset: number; seed: boolean }) {
  // Each parallel worker's private servers sit 100 ports further on, so the same journey running for the
  // desktop and the phone at once starts two servers that do not collide.
  const port = Number(process.env.E2E_PORT ?? 3199) + offset + 100 * workerSlot();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let dataDir = '';
  return {
    base,
    /** `env` adds to the environment the server inherits (its mail server, say). */
    async start(env: Record<string, string> = {}) {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'doodle-e2e-private-'));
      // A seeded server starts from a copy of the run's migrated, seeded template (e2e/global-setup.ts); the
      // server then finds its demo content there and seeds nothing.
      const template = process.env[TEMPLATE_ENV];
      if (seed && template) cpSync(template, dataDir, { recursive: true });
      child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
        env: { ...process.env, ...env, PORT: String(port), SEED_DEMO: seed ? 'true' : 'false', E2E_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', process.env.E2E_SERVER_LOG ? openSync(`${process.env.E2E_SERVER_LOG}-${port}.log`, 'a') : 'ignore'],
      });
      const deadline = Date.now() + 170_000;
      for (;;) {
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null) throw new Error(`the private server on ${port} exited with ${child.exitCode}`);
        if (Date.now() > deadline) throw new Error(`the private server on ${port} did not start`);
        await new Promise((r) => setTimeout(r, 500));
      }
    },
    async stop() {
      if (child?.pid && child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child!.once('exit', r));
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A describe block's own server: started before its tests (this journey's pages go to it), stopped
 * after them, on a fresh database.
 */
export function usePrivateServer(options: { offset: number; seed: boolean }) {
  const server = privateServer(options);
  test.use({ baseURL: server.base });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await server.start();
  });
  test.afterAll(async () => server.stop());
  return server;
}

/**
 * A describe block's own server (as usePrivateServer) whose mail goes to a real SMTP server of the block's
 * own, started before it and closed after it; `smtp()` is that mail server, once the block has started.
 */
export function usePrivateServerWithMail(options: { offset: number; seed: boolean; env?: Record<string, string> }) {
  const server = privateServer(options);
  let smtp: TestSmtpServer | undefined;
  test.use({ baseURL: server.base });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = await startSmtpServer();
    await server.start({ ...options.env, SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server.stop();
    await smtp?.close();
  });
  return { server, smtp: () => smtp! };
}
