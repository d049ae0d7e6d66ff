// The job runner (lib/server/jobs.ts, decision 145) on the site's own database: typed input, once-only keys, retries
// with backoff and what the dashboard shows of them, the app's jobs listed with their next run, and a worker killed in
// the middle of a job: another takes it over and the job completes once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from './db.ts';
import { createTestDatabase, serverUrl, templateCopyDir, type TestDatabase } from './testing/test-db.ts';
import { createJobRunner, type JobDefinition, type JobRunner } from '../lib/server/jobs.ts';
import { useTestApp } from './testing/test-app.ts';
import { appJobs } from './jobs.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Waits for a condition the runner makes true, checking every 100 ms, failing after `ms`. */
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the job runner', () => {
  let db: TestDatabase;
  let runner: JobRunner;
  const ran: string[] = [];
  let failuresLeft = 2;

  const greet: JobDefinition<{ name: string }, { greeting: string }> = {
    name: 'test.greet',
    description: 'Greets.',
    input: z.object({ name: z.string().min(1) }),
    onceKey: ({ name }) => name,
    async run({ name }, { services }) {
      ran.push(`${services.greeting} ${name}`);
    },
  };
  const flaky: JobDefinition<Record<string, never>, { greeting: string }> = {
    name: 'test.flaky',
    description: 'Fails twice, then works.',
    input: z.object({}),
    retryDelaySeconds: 1,
    async run() {
      if (failuresLeft-- > 0) throw new Error('the timestamp server did not answer');
      ran.push('flaky done');
    },
  };
  const broken: JobDefinition<Record<string, never>, { greeting: string }> = {
    name: 'test.broken',
    description: 'Always fails.',
    input: z.object({}),
    retryLimit: 1,
    retryDelaySeconds: 1,
    async run() {
      throw new Error('the timestamp server did not answer');
    },
  };
  const nightly: JobDefinition<Record<string, never>, { greeting: string }> = {
    name: 'test.nightly',
    description: 'Runs at 03:15 in Denver.',
    schedule: '15 3 * * *',
    timeZone: 'America/Denver',
    input: z.object({}),
    async run() {},
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    runner = createJobRunner(db.orm, { greeting: 'Hello' }, [greet, flaky, broken, nightly], quiet);
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop(1000);
    await db?.close();
  });

  it('runs a queued job with its typed input and the services, and refuses input its schema refuses', async () => {
    expect(await runner.send(greet, { name: 'Maple' })).toEqual(expect.any(String));
    await until(
      'the greeting',
      async () => ran,
      (r) => r.includes('Hello Maple'),
    );
    await expect(runner.send(greet, { name: '' })).rejects.toThrow();
  });

  it('queues a job with a once-only key once: the second send answers null', async () => {
    const first = await runner.send(greet, { name: 'Juniper' });
    const second = await runner.send(greet, { name: 'Juniper' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await until(
      'the greeting',
      async () => ran,
      (r) => r.includes('Hello Juniper'),
    );
    expect(ran.filter((r) => r === 'Hello Juniper')).toHaveLength(1);
  });

  it('retries a failing job with backoff until it works, and the dashboard shows its last run', async () => {
    await runner.send(flaky, {});
    await until(
      'the third attempt',
      async () => ran,
      (r) => r.includes('flaky done'),
    );
    const status = await until(
      'the completed run',
      async () => (await runner.status()).find((s) => s.name === 'test.flaky')!,
      (s) => s.lastRunAt !== null,
    );
    expect(status).toMatchObject({ description: 'Fails twice, then works.', schedule: null, failed: 0, lastFailure: null });
    expect(failuresLeft).toBe(-1);
  });

  it('gives up on a job after its retries, and the dashboard shows the failure with its reason', async () => {
    await runner.send(broken, {});
    const status = await until(
      'the failure',
      async () => (await runner.status()).find((s) => s.name === 'test.broken')!,
      (s) => s.failed > 0,
    );
    expect(status).toMatchObject({ failed: 1, lastRunAt: null, lastFailure: 'the timestamp server did not answer' });
    expect(status.lastFailureAt).toBeInstanceOf(Date);
  });

  it('lists a scheduled job with its zone and its next run', async () => {
    const status = (await runner.status()).find((s) => s.name === 'test.nightly')!;
    expect(status).toMatchObject({ schedule: '15 3 * * *', timeZone: 'America/Denver', lastRunAt: null });
    expect(status.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    // 03:15 in Denver is 09:15 or 10:15 UTC, by the season.
    expect([9, 10]).toContain(status.nextRunAt!.getUTCHours());
    expect(status.nextRunAt!.getUTCMinutes()).toBe(15);
  });

  it('refuses to queue a job it was not given', async () => {
    await expect(runner.send({ ...greet, name: 'test.unknown' }, { name: 'x' })).rejects.toThrow(/not in the runner's list/);
  });
});

describe("the app's jobs", () => {
  const t = useTestApp({ JOBS: 'on' });
  it('every background job of the features is in the runner, with a description, a next run when scheduled, and none failed', async () => {
    const status = await t.app.services.jobs.status();
    expect(status.map((s) => s.name).sort()).toEqual(appJobs.map((j) => j.name).sort());
    expect(status.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'health.reminders',
        'portal.digest',
        'visits.reminders',
        'payments.balance-reminders',
        'contracts.seal-waiting',
      ]),
    );
    for (const s of status) {
      expect(s.description.length).toBeGreaterThan(10);
      // Triggered jobs (a pick-day window's end) run when sent; scheduled ones have a next run.
      if (s.schedule) expect(s.nextRunAt).toBeInstanceOf(Date);
      else expect(s.nextRunAt).toBeNull();
      expect(s.failed).toBe(0);
    }
  });
});

describe('a worker killed (SIGKILL) in the middle of a job', () => {
  const children: ChildProcess[] = [];
  let dir: string | undefined;
  let db: TestDatabase | undefined;
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a worker and resolves with the rest of the first line that starts with `waitFor`. */
  function worker(env: Record<string, string>, waitFor: string): Promise<{ child: ChildProcess; line: string }> {
    const child = spawn(process.execPath, [path.join(ROOT_DIR, 'src/server/testing/job-worker-process.ts')], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        stdout += d.toString();
        const line = stdout.split('\n').find((l) => l.startsWith(waitFor));
        if (line !== undefined && stdout.endsWith('\n')) resolve({ child, line: line.slice(waitFor.length).trim() });
      });
      child.on('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before "${waitFor}": ${stderr}`)));
    });
  }

  it('is taken over by the next worker once its time is up, and completes once: one effect, one completed job', async () => {
    let env: Record<string, string>;
    if (serverUrl()) {
      db = await createTestDatabase();
      env = { DATABASE_URL: db.url! };
    } else {
      dir = templateCopyDir();
      env = { PGLITE_DIR: dir };
    }
    const first = await worker({ ...env, HANG: '1', SEND_KEY: 'litter-7' }, 'started');
    const gone = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await gone;
    // The embedded database belongs to one process at a time: the next worker opens it once the first is gone.
    const second = await worker({ ...env, REPORT: '1' }, 'report');
    const report = JSON.parse(second.line) as { states: unknown; effects: unknown };
    // The killed attempt wrote its row; the takeover found it (runs: 2) and completed the job, which exists once.
    expect(report).toEqual({ states: [{ state: 'completed', n: 1 }], effects: [{ key: 'litter-7', runs: 2 }] });
  });
});
