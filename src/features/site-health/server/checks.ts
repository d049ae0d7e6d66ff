// The site health list (issue 48): every check with its state, what it means and the exact fix. The same list
// answers the Site health screen, GET /api/admin/health and `npm run doctor`; other features add theirs
// (lib/server/site-health.ts, src/server/site-checks.ts).
import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HealthCheck, HealthSource } from '../../../lib/server/site-health.ts';
import type { SiteConfig } from '../../../lib/server/trpc.ts';
import { migrations } from '../../../../migrations/index.ts';
import { dnsChecks } from './dns-checks.ts';
import { backupState, listBackups } from './backups.ts';
import { outboxHealth } from '../../mail/server/mail.reads.ts';

const HOUR = 3_600_000;
const GB = 1024 ** 3;
/** A backup older than this is missing (a daily schedule, with room for one failed night). */
export const BACKUP_MAX_AGE_HOURS = 36;

const bytes = (n: number) =>
  n >= GB ? `${(n / GB).toFixed(1)} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} kB`;
const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
export const ago = (ms: number) =>
  ms < 2 * HOUR
    ? count(Math.max(1, Math.round(ms / 60_000)), 'minute')
    : ms < 48 * HOUR
      ? count(Math.round(ms / HOUR), 'hour')
      : count(Math.round(ms / (24 * HOUR)), 'day');
const isLocal = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** How a request reached the site, for the proxy check (null in the doctor, which reads the settings only). */
export interface RequestFacts {
  /** The protocol Fastify settled on (X-Forwarded-Proto when TRUST_PROXY believes the proxy). */
  protocol: string;
  forwardedFor?: string | undefined;
  forwardedProto?: string | undefined;
}

export function originCheck(config: SiteConfig): HealthCheck {
  const url = new URL(config.appOrigin);
  const title = 'Public address (APP_ORIGIN)';
  if (url.protocol === 'https:')
    return {
      id: 'origin',
      title,
      state: 'ok',
      meaning: `The site is served at ${config.appOrigin}: cookies are Secure, browsers get HSTS.`,
      fix: null,
    };
  return {
    id: 'origin',
    title,
    state: isLocal(url.hostname) ? 'warn' : 'fail',
    meaning: `APP_ORIGIN is ${config.appOrigin}: without https, passwords and cookies cross the network readable${isLocal(url.hostname) ? ' (fine on this computer only)' : ''}.`,
    fix: 'Serve the site through a proxy with TLS (docs/deploy.md) and set APP_ORIGIN=https://<your domain> in .env, then restart.',
  };
}

const trusting = (t: SiteConfig['trustProxy']) => t !== false && !(Array.isArray(t) && t.length === 0);

export function proxyCheck(config: SiteConfig, request: RequestFacts | null): HealthCheck {
  const id = 'proxy';
  const title = 'Proxy headers (TRUST_PROXY)';
  const https = config.appOrigin.startsWith('https:');
  if (!request) {
    // The doctor reads the settings only: Node serves no TLS itself, so an https origin means a proxy in front.
    if (https && !trusting(config.trustProxy))
      return {
        id,
        title,
        state: 'fail',
        meaning:
          'APP_ORIGIN is https, so a proxy serves the site, but TRUST_PROXY is empty: the rate limits see the proxy’s address for every visitor.',
        fix: 'Set TRUST_PROXY=1 in .env (one proxy on this machine), and HOST=127.0.0.1 so only the proxy reaches the site.',
      };
    if (!https && trusting(config.trustProxy))
      return {
        id,
        title,
        state: 'warn',
        meaning: 'TRUST_PROXY is set while APP_ORIGIN is not https.',
        fix: 'Serve the site over https through the proxy and set APP_ORIGIN to its https address.',
      };
    return {
      id,
      title,
      state: 'ok',
      meaning: trusting(config.trustProxy) ? 'A proxy is expected and believed (TRUST_PROXY).' : 'No proxy is expected.',
      fix: null,
    };
  }
  if (request.forwardedFor && !trusting(config.trustProxy))
    return {
      id,
      title,
      state: 'fail',
      meaning:
        'This request came through a proxy (X-Forwarded-For), but TRUST_PROXY is empty: the rate limits count every visitor as the proxy.',
      fix: 'Set TRUST_PROXY=1 in .env (one proxy in front) and restart.',
    };
  if (!request.forwardedFor && trusting(config.trustProxy))
    return {
      id,
      title,
      state: 'warn',
      meaning:
        'TRUST_PROXY is set, but this request came without X-Forwarded-For: it reached the site directly, and such a visitor could choose the address the site sees.',
      fix: 'Bind the site to the proxy only (HOST=127.0.0.1), or empty TRUST_PROXY when there is no proxy.',
    };
  if (https && request.protocol !== 'https')
    return {
      id,
      title,
      state: 'fail',
      meaning:
        'APP_ORIGIN is https but this request arrived as plain http: the proxy does not say X-Forwarded-Proto: https, or TRUST_PROXY does not believe it.',
      fix: 'Have the proxy send X-Forwarded-Proto (Caddy does by itself) and set TRUST_PROXY=1.',
    };
  return {
    id,
    title,
    state: 'ok',
    meaning: request.forwardedFor
      ? 'The proxy’s headers arrive and are believed.'
      : 'The site is reached directly, as TRUST_PROXY expects.',
    fix: null,
  };
}

async function databaseCheck(em: EntityManager, config: SiteConfig): Promise<HealthCheck> {
  const [{ version }] = (await em.execute<Array<{ version: string }>>('select version() as version')) as [{ version: string }];
  const short = /PostgreSQL [\d.]+/.exec(version)?.[0] ?? version.slice(0, 40);
  const [{ present }] = (await em.execute<Array<{ present: boolean }>>(
    `select to_regclass('public.mikro_orm_migrations') is not null as present`,
  )) as [{ present: boolean }];
  const executed = new Set(
    present
      ? (await em.execute<Array<{ name: string }>>('select "name" from "mikro_orm_migrations"')).map((r) => r.name.replace(/\.[jt]s$/, ''))
      : [],
  );
  const pending = migrations.filter((m) => !executed.has(m.name)).map((m) => m.name);
  const kind = config.database === 'embedded' ? 'the embedded database (PGlite)' : 'a PostgreSQL server';
  if (pending.length)
    return {
      id: 'database',
      title: 'Database',
      state: 'fail',
      meaning: `${short}, ${kind}: ${pending.length} migration${pending.length === 1 ? '' : 's'} not applied (${pending[0]}${pending.length > 1 ? ', …' : ''}).`,
      fix: 'Restart the site (migrations run on start, after a backup), or run npm run db:migrate.',
    };
  return {
    id: 'database',
    title: 'Database',
    state: 'ok',
    meaning: `${short}, ${kind}, every migration applied (${executed.size}).`,
    fix: null,
  };
}

async function diskCheck(config: SiteConfig): Promise<HealthCheck> {
  let dir = config.dataDir;
  // DATA_DIR may not exist yet (a site never started): the disk it will be on.
  while (
    !(await access(dir).then(
      () => true,
      () => false,
    )) &&
    path.dirname(dir) !== dir
  )
    dir = path.dirname(dir);
  const fs = await statfs(dir);
  const free = fs.bavail * fs.bsize;
  const total = fs.blocks * fs.bsize;
  const state = free < 0.5 * GB ? 'fail' : free < 2 * GB || free / total < 0.1 ? 'warn' : 'ok';
  return {
    id: 'disk',
    title: 'Free disk space',
    state,
    meaning: `${bytes(free)} free of ${bytes(total)} under ${config.dataDir}${state === 'ok' ? '.' : ': uploads, videos and backups need room.'}`,
    fix:
      state === 'ok'
        ? null
        : `Free space on that disk (old backups in ${config.backupDir}, files outside the site), or move DATA_DIR to a larger one.`,
  };
}

async function mailCheck(em: EntityManager, config: SiteConfig, now: Date): Promise<HealthCheck> {
  const row = await outboxHealth(em);
  const { lastSent, lastFailed } = row;
  const sent = lastSent ? `last sent ${ago(now.getTime() - lastSent.getTime())} ago` : 'nothing sent yet';
  const failed = lastFailed ? `; last failure ${ago(now.getTime() - lastFailed.getTime())} ago: ${row.lastError ?? 'no reason given'}` : '';
  if (!config.smtpConfigured)
    return {
      id: 'mail',
      title: 'Outgoing e-mail',
      state: 'fail',
      meaning: `No mail server is set: ${row.queued} e-mails wait in the outbox, and families get no confirmations, contracts or replies.`,
      fix: 'Set SMTP_URL=smtp://user:password@smtp.your-provider.com:587 and MAIL_FROM="Your Kennel <hello@your-domain>" in .env (npm run setup -- --smtp …), then restart.',
    };
  const failing = lastFailed !== null && (lastSent === null || lastFailed > lastSent);
  return {
    id: 'mail',
    title: 'Outgoing e-mail',
    state: failing ? 'warn' : 'ok',
    meaning: `Sent through SMTP_URL as ${config.mailFrom}: ${sent}${failed}.`,
    fix: failing
      ? 'Check SMTP_URL’s user, password and port with your mail provider; then retry the failed e-mails under Dashboard → Mail.'
      : null,
  };
}

async function backupCheck(em: EntityManager, config: SiteConfig, now: Date): Promise<HealthCheck> {
  const [newest] = await listBackups(config.backupDir);
  const state = await backupState(em);
  const title = 'Backups';
  const schedule = config.backupSchedule ? `on the schedule ${config.backupSchedule}` : 'never on their own (BACKUP_SCHEDULE=off)';
  const failure =
    state.lastFailure && (!newest || Date.parse(state.lastFailure.at) > newest.at.getTime())
      ? ` The last attempt failed: ${state.lastFailure.error}`
      : '';
  const fix = `Check ${config.backupDir} is writable and has room; run one now with npm run db:backup -- ${path.join(config.backupDir, 'first.bak')} (with the server stopped, on the embedded database)${config.backupSchedule ? '' : ', and set BACKUP_SCHEDULE (e.g. 15 3 * * *)'}.`;
  if (!newest)
    return {
      id: 'backup',
      title,
      state: 'fail',
      meaning: `No backup in ${config.backupDir} yet; the server makes them ${schedule}.${failure}`,
      fix,
    };
  const age = now.getTime() - newest.at.getTime();
  const late = age > BACKUP_MAX_AGE_HOURS * HOUR;
  return {
    id: 'backup',
    title,
    state: late || failure ? 'fail' : 'ok',
    meaning: `Newest: ${newest.name}, ${bytes(newest.bytes)}, made ${ago(age)} ago; made ${schedule}.${failure}`,
    fix: late || failure ? fix : null,
  };
}

async function onPath(command: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (
      await access(path.join(dir, command), constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

async function toolsCheck(): Promise<HealthCheck> {
  const missing = [];
  if (!(await onPath('ffmpeg'))) missing.push('ffmpeg (videos)');
  if (!(await onPath('heif-convert'))) missing.push('heif-convert (iPhone HEIC photos)');
  if (!missing.length)
    return { id: 'media-tools', title: 'Photo and video tools', state: 'ok', meaning: 'ffmpeg and heif-convert are installed.', fix: null };
  return {
    id: 'media-tools',
    title: 'Photo and video tools',
    state: 'warn',
    meaning: `Missing: ${missing.join(', ')}; uploads of those are refused with a message.`,
    fix: 'On Debian or Ubuntu: sudo apt-get install ffmpeg libheif-examples',
  };
}

async function pushCheck(em: EntityManager): Promise<HealthCheck> {
  const [row] = await em.execute<Array<{ n: number }>>(
    `select count(*)::int as n from "app_secrets" where "name" in ('vapid_public_key', 'vapid_private_key')`,
  );
  if (row?.n === 2)
    return {
      id: 'web-push',
      title: 'Web push keys',
      state: 'ok',
      meaning: 'The site’s VAPID key pair is made and shared by every instance.',
      fix: null,
    };
  return {
    id: 'web-push',
    title: 'Web push keys',
    state: 'warn',
    meaning: 'The VAPID key pair is not made yet: it is made when the site starts.',
    fix: 'Start the site once (npm start).',
  };
}

function nodeCheck(): HealthCheck {
  const major = Number(process.versions.node.split('.')[0]);
  if (major === 24) return { id: 'node', title: 'Node.js', state: 'ok', meaning: `Node ${process.versions.node}.`, fix: null };
  return {
    id: 'node',
    title: 'Node.js',
    state: 'fail',
    meaning: `Node ${process.versions.node}: the site needs Node 24.`,
    fix: 'Install Node 24 (https://nodejs.org, or nvm install 24).',
  };
}

/** A check that threw is a failed line of its own (a database not migrated yet must not hide the disk or DNS). */
async function safe(id: string, title: string, check: () => Promise<HealthCheck | HealthCheck[]>): Promise<HealthCheck[]> {
  try {
    return [await check()].flat();
  } catch (error) {
    return [
      {
        id,
        title,
        state: 'fail',
        meaning: `Could not be checked: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
        fix: 'Start the site once (npm start) so its database is set up, then check again.',
      },
    ];
  }
}

/** This feature's checks, besides the proxy (which needs the request) and the other features'. */
export const siteHealthChecks: HealthSource = async (em, config, now) =>
  (
    await Promise.all([
      safe('origin', 'Public address (APP_ORIGIN)', async () => originCheck(config)),
      safe('database', 'Database', () => databaseCheck(em.fork(), config)),
      safe('disk', 'Free disk space', () => diskCheck(config)),
      safe('mail', 'Outgoing e-mail', () => mailCheck(em.fork(), config, now)),
      safe('dns', 'DNS records for e-mail', () => dnsChecks(config)),
      safe('backup', 'Backups', () => backupCheck(em.fork(), config, now)),
      safe('media-tools', 'Photo and video tools', () => toolsCheck()),
      safe('web-push', 'Web push keys', () => pushCheck(em.fork())),
      safe('node', 'Node.js', async () => nodeCheck()),
    ])
  ).flat();

/** Runs every source (one failing source is a failed line, not a failed list), the proxy check second. */
export async function gatherHealth(
  em: EntityManager,
  config: SiteConfig,
  sources: readonly HealthSource[],
  request: RequestFacts | null,
  now = new Date(),
): Promise<HealthCheck[]> {
  const results = await Promise.allSettled(sources.map((source) => source(em.fork(), config, now)));
  const checks: HealthCheck[] = [];
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') checks.push(...r.value);
    else
      checks.push({
        id: `source-${i}`,
        title: 'A check could not run',
        state: 'fail',
        meaning: (r.reason instanceof Error ? r.reason.message : String(r.reason)).split('\n')[0]!,
        fix: 'Look at the server log for the error, then check again.',
      });
  });
  checks.splice(1, 0, proxyCheck(config, request));
  return checks;
}
