// The one job runner (decision 145): features declare typed jobs in their module; pg-boss runs them on the site's own
// database (PGlite through the ORM's connection queue, or PostgreSQL), once across instances, retried with backoff.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PgBoss, fromPglite, type Db } from 'pg-boss';
import type { z } from 'zod';
import { withPGliteTurn } from './pglite-dialect.ts';

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a handler is given: a fresh EntityManager for this run, the app's services (S) and the log. */
export interface JobContext<S> {
  em: EntityManager;
  services: S;
  log: JobLog;
  /** The run's attempt, from 0: a handler may say so in what it logs. */
  attempt: number;
}

export interface JobDefinition<I, S> {
  /** Unique, `feature.what` (e.g. `visits.reminders`): the queue's name. */
  name: string;
  /** One sentence the breeder reads on the dashboard's jobs list. */
  description: string;
  /** A cron expression (five fields), in `timeZone` (default UTC): the runner sends the job on it, once across instances. */
  schedule?: string;
  /** The zone the schedule is read in; a function is asked at start (the breeder's zone from the settings). */
  timeZone?: string | ((em: EntityManager) => Promise<string>);
  /** The input's schema: what `send` accepts and what a handler receives (checked again when it runs). */
  input: z.ZodType<I>;
  /** The work. Must be safe to run again with the same input: a run cut short by a crash is retried. */
  run: (input: I, ctx: JobContext<S>) => Promise<void>;
  /** Retries after a failure, with exponential backoff from `retryDelaySeconds` (default 3 retries from 30 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one run may take before another instance takes it over (default 5 minutes). */
  expireInSeconds?: number;
  /** For triggered jobs: the once-only key; two sends with one key while the first is kept queue one job. */
  onceKey?: (input: I) => string;
}

/** Any job, whatever its input, as the runner's list holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob<S> = JobDefinition<any, S>;

export interface JobStatus {
  name: string;
  description: string;
  schedule: string | null;
  timeZone: string | null;
  lastRunAt: Date | null;
  lastFailureAt: Date | null;
  lastFailure: string | null;
  nextRunAt: Date | null;
  queued: number;
  active: number;
  failed: number;
}

export interface JobSender {
  /** Queues one run of a triggered job (after `startAfter` when given); null when its once-only key is already queued. */
  send<I>(job: JobDefinition<I, never>, input: I, options?: { startAfter?: Date }): Promise<string | null>;
}

export interface JobRunner extends JobSender {
  /** Last run, next run and failures of every job, for the dashboard. */
  status(): Promise<JobStatus[]>;
  /** Starts working (and scheduling); without it `send` still queues, for a runner elsewhere to work. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

const SCHEMA = 'pgboss';

export interface JobRunnerOptions {
  /** false: this instance only queues jobs (JOBS=off); no schedules, supervision or workers start here. */
  work?: boolean;
  /** How often an active job past its time is taken back for another try (pg-boss's supervision and queue monitor; tests shorten it). */
  superviseIntervalSeconds?: number;
}

/** The site's database as pg-boss sees it: PGlite through the ORM's queue, or a small pool of its own on PostgreSQL. */
function bossFor(orm: MikroORM, { work = true, superviseIntervalSeconds = 60 }: JobRunnerOptions): PgBoss {
  const pglite = (orm.config.get('driverOptions') as { pglite?: PGlite } | undefined)?.pglite;
  const timings = {
    schema: SCHEMA,
    supervise: work,
    schedule: work,
    migrate: true,
    superviseIntervalSeconds,
    monitorIntervalSeconds: superviseIntervalSeconds,
  };
  if (pglite) {
    const inner = fromPglite(pglite);
    const db: Db = { ...inner, executeSql: (text, values) => withPGliteTurn(pglite, () => inner.executeSql(text, values)) };
    return new PgBoss({ ...timings, db, backend: 'pglite' });
  }
  return new PgBoss({ ...timings, connectionString: orm.config.get('clientUrl')!, max: 3, application_name: 'jobs' });
}

/** pg-boss takes a UUID for an id: the once-only key's hash shaped as one, so a second send of the key is a no-op. */
function onceId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createJobRunner<S>(
  orm: MikroORM,
  services: S,
  jobs: readonly AnyJob<S>[],
  log: JobLog,
  options: JobRunnerOptions = {},
): JobRunner {
  const byName = new Map<string, AnyJob<S>>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`Two jobs are named ${job.name}.`);
    byName.set(job.name, job);
  }
  const boss = bossFor(orm, options);
  boss.on('error', (err) => log.warn({ err }, 'the job runner met an error'));
  let started: Promise<void> | undefined;
  let working = false;
  const zones = new Map<string, string>();

  const install = () =>
    (started ??= (async () => {
      await boss.start();
      for (const job of byName.values()) {
        await boss.createQueue(job.name, {
          retryLimit: job.retryLimit ?? 3,
          retryDelay: job.retryDelaySeconds ?? 30,
          retryBackoff: true,
          retryDelayMax: 3600,
          expireInSeconds: job.expireInSeconds ?? 300,
          deleteAfterSeconds: 7 * 86_400,
        });
      }
    })());

  const runner: JobRunner = {
    async send(job, input, options = {}) {
      if (byName.get(job.name) !== (job as unknown)) throw new Error(`The job ${job.name} is not in the runner's list.`);
      await install();
      const data = job.input.parse(input) as object;
      const key = job.onceKey?.(input);
      return boss.send(job.name, data, {
        ...(key ? { id: onceId(job.name, key), singletonKey: key } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async start() {
      if (options.work === false) throw new Error('This job runner only queues jobs (JOBS=off).');
      await install();
      working = true;
      for (const job of byName.values()) {
        if (job.schedule) {
          const tz = typeof job.timeZone === 'function' ? await job.timeZone(orm.em.fork()).catch(() => 'UTC') : (job.timeZone ?? 'UTC');
          zones.set(job.name, tz);
          await boss.schedule(job.name, job.schedule, {}, { tz });
        } else {
          await boss.unschedule(job.name).catch(() => {});
        }
        await boss.work(job.name, { pollingIntervalSeconds: job.schedule ? 10 : 2 }, async ([item]) => {
          if (!item) return;
          const input = job.input.parse(item.data ?? {});
          await job.run(input, { em: orm.em.fork(), services, log, attempt: (item as { retryCount?: number }).retryCount ?? 0 });
        });
      }
    },
    async stop(timeoutMs = 5000) {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: working, timeout: timeoutMs, close: true });
    },
    async status() {
      await install();
      const db = boss.getDb();
      const names = [...byName.keys()];
      const rows = (
        await db.executeSql(
          `select name,
             max(completed_on) filter (where state = 'completed') as last_run,
             max(completed_on) filter (where state = 'failed') as last_failure_at,
             (array_agg(output::text order by completed_on desc) filter (where state in ('failed', 'retry')))[1] as last_failure,
             count(*) filter (where state in ('created', 'retry'))::int as queued,
             count(*) filter (where state = 'active')::int as active,
             count(*) filter (where state = 'failed')::int as failed
           from ${SCHEMA}.job where name = any($1::text[]) group by name`,
          [names],
        )
      ).rows as Array<{
        name: string;
        last_run: Date | null;
        last_failure_at: Date | null;
        last_failure: string | null;
        queued: number;
        active: number;
        failed: number;
      }>;
      const found = new Map(rows.map((r) => [r.name, r]));
      return [...byName.values()].map((job) => {
        const r = found.get(job.name);
        const tz = zones.get(job.name) ?? (typeof job.timeZone === 'string' ? job.timeZone : 'UTC');
        return {
          name: job.name,
          description: job.description,
          schedule: job.schedule ?? null,
          timeZone: job.schedule ? tz : null,
          lastRunAt: r?.last_run ? new Date(r.last_run) : null,
          lastFailureAt: r?.last_failure_at ? new Date(r.last_failure_at) : null,
          lastFailure: r?.last_failure ? failureMessage(r.last_failure) : null,
          nextRunAt: job.schedule ? (boss.previewSchedule(job.schedule, { tz, count: 1 })[0] ?? null) : null,
          queued: r?.queued ?? 0,
          active: r?.active ?? 0,
          failed: r?.failed ?? 0,
        };
      });
    },
  };
  return runner;
}

/** pg-boss keeps a failure's error as JSON ({ message, stack, … }): the breeder reads the message. */
function failureMessage(output: string): string {
  try {
    const parsed = JSON.parse(output) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message.slice(0, 300) : output.slice(0, 300);
  } catch {
    return output.slice(0, 300);
  }
}
