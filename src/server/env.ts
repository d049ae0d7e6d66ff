// Parses the process environment once; mirrors .env.example exactly.
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  APP_ORIGIN: z
    .url()
    .default('http://localhost:3000')
    .transform((s) => new URL(s).origin),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For): empty = none (direct exposure),
   * a hop count like 1 behind one load balancer, or comma-separated addresses/CIDRs. Rate limits key on it.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v): boolean | number | string[] =>
        v === undefined || v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v.split(',').map((s) => s.trim()),
      ),
  ),
  /** Multiplies every rate limit (1 in production; end-to-end runs from one address use more). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
  /** How long public read lists are cached in memory (ms); 0 turns the cache off. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  /** smtp://user:pass@host:587 or smtps://…:465; without it e-mail stays queued in the database. */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** Sender of outgoing e-mail, e.g. "Aspen Meadow Doodles <hello@example.com>"; default no-reply@<APP_ORIGIN host>. */
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  /** At most this many e-mails start sending per minute, across all instances (newsletters go out in batches at this pace). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * This instance's name, kept across its restarts and unique among running instances (a StatefulSet pod's name,
   * systemd's %i): a restarted sender hands back at once what its earlier run held, even from another host name.
   * Default: the host name.
   */
  INSTANCE_ID: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  /** Sent e-mails are deleted from the outbox after this many days; failed ones stay until retried or dismissed. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** DKIM signing of outgoing e-mail: all three, or none. The key is PEM; "\n" in it stands for a line break. */
  DKIM_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9._-]+$/i, 'must be a DNS label')
      .optional(),
  ),
  DKIM_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .refine((v) => v.includes('PRIVATE KEY-----'), 'must be a PEM private key')
      .optional(),
  ),
  /**
   * Push services besides the browsers' own (FCM, Mozilla, Windows, Apple) that devices may subscribe with: comma-
   * separated origins, e.g. a self-hosted one or a test's. Empty: only the browsers' own.
   */
  PUSH_EXTRA_ORIGINS: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o),
        'must be comma-separated origins like https://push.example.com',
      ),
  ),
  /** The domain of reply addresses (reply+<token>@MAIL_DOMAIN) on message e-mails; default the APP_ORIGIN host. */
  MAIL_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
      .optional(),
  ),
  /** Shared secret of POST /api/inbound-email (an HMAC-SHA256 of the raw body); without it the webhook refuses everything. */
  INBOUND_EMAIL_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Port of the optional built-in SMTP listener for replies (when the MX points at the site); none: no listener. */
  INBOUND_SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** Where the built client lives (default dist/client); lets parallel test runs keep separate builds. */
  CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Longest time to receive one whole request, body included (ms): generous for a phone uploading a
   * 200 MB video on a slow uplink, but finite, so a body that stops half-way frees its connection.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(900_000),
  /** A connection on which nothing moves for this long is closed (ms). */
  SOCKET_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Longest wait for a database connection before a request answers 503 (ms). */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Live streams (server-sent events) one session, one account and one client address may hold open at once. */
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(8),
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(16),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Live streams this instance holds at most; 0 sizes it from the pool and memory (lib/server/live-streams.ts). */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Background jobs (reminders, digests, sealing retries, backups): `on` works them here; unset: on except in tests. */
  JOBS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  /**
   * On SIGTERM, how long the instance keeps serving with /readyz answering 503 before it stops taking connections (ms),
   * so a balancer's health check takes it out of rotation first: above the balancer's check interval. 0: at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** On SIGTERM, how long keep-alive clients get to pick up `Connection: close` before idle ones are closed (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Requests slower than this are logged at warn level (ms); 0 logs none. */
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  /** Share of ordinary requests written to the access log (0 to 1); errors and slow ones are always logged. */
  LOG_ACCESS_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  /** Seconds between access summaries (count, statuses, latency percentiles) at info level; 0 turns them off. */
  LOG_SUMMARY_SECONDS: z.coerce.number().int().min(0).default(60),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(60),
  /** false starts on an empty database (end-to-end tests of the empty states); the seed never overwrites content. */
  /** An RFC 3161 timestamp server for sealed contracts (PAdES B-T); unreachable, sealing waits and retries. None: no timestamp. */
  CONTRACT_TSA_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Where the server writes its own backups (default <DATA_DIR>/backups); the newest downloads from the site health screen. */
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  /** When the server backs up the database: a cron expression (five fields) in the site's time zone; "off": never. */
  BACKUP_SCHEDULE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('15 3 * * *')
      .refine((v) => v === 'off' || /^\S+(\s+\S+){4}$/.test(v.trim()), 'must be a cron expression of five fields, or off'),
  ),
  /** How many daily and weekly backups are kept (the newest of each day, of each week); older ones are deleted. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  /** The resolvers the site health checks ask about DNS records (comma-separated, host or host:port); empty: the system's. */
  DNS_SERVERS: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((s) => /^(\[[0-9a-f:.]+\]|[0-9a-z.-]+|[0-9a-f:]+)(:\d+)?$/i.test(s)),
        'must be comma-separated addresses like 1.1.1.1',
      ),
  ),
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')).transform((v) => v === 'true'),
});

export type Env = z.infer<typeof EnvSchema>;

const DKIM_KEYS = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;

export class EnvError extends Error {}

/** Parses settings; throws EnvError with one line naming the first bad setting. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const dkimSet = DKIM_KEYS.filter((k) => parsed.data[k] !== undefined);
  if (dkimSet.length > 0 && dkimSet.length < DKIM_KEYS.length) {
    const missing = DKIM_KEYS.find((k) => parsed.data[k] === undefined)!;
    throw new EnvError(`Invalid setting ${missing}: DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together`);
  }
  return parsed.data;
}
