// buildApp(): the whole HTTP application with its plugins in a fixed order; tests build the same app.
import Fastify, { LogController, type FastifyHttpOptions, type FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './env.ts';
import { ROOT_DIR } from './db.ts';
import { createRateLimitStore } from '../lib/server/rate-limit-store.ts';
import { PublicCache } from '../lib/server/public-cache.ts';
import type { AppServices } from '../lib/server/trpc.ts';
import { restEndpoints } from './rest-routes.ts';
import { siteConfigOf } from './site-config.ts';
import { mediaReferences } from './media-references.ts';
import { createMediaService } from '../features/media/server/media.service.ts';
import database from './plugins/database.ts';
import security from './plugins/security.ts';
import session from './plugins/session.ts';
import trpc from './plugins/trpc.ts';
import rest from './plugins/rest.ts';
import staticSpa from './plugins/static-spa.ts';
import media from './plugins/media.ts';
import errors from './plugins/errors.ts';
import accessLog from './plugins/access-log.ts';
import { lazyChildLogger } from './lazy-logger.ts';
import publicReads from './plugins/public-reads.ts';
import discovery from './plugins/discovery.ts';
import openapi from './plugins/openapi.ts';
import mailer, { mailFrom, mailOutbox } from './plugins/mailer.ts';
import { onUserErased } from './user-erasure.ts';
import { createAfterAnswer } from '../lib/server/after-answer.ts';
import { createPushSender } from '../features/notifications/server/push.service.ts';
import { createLiveBus } from '../lib/server/live-events.ts';
import liveStreams from './plugins/live-streams.ts';
import { startInboundSmtp } from '../features/messages/server/inbound-smtp.ts';
import { createJobRunner, type JobRunner } from '../lib/server/jobs.ts';
import { appJobs } from './jobs.ts';
import { featureModules } from './features.ts';
import type { FeatureModule } from '../lib/server/feature-module.ts';
import { withBackupSchedule } from './backup.job.ts';

export interface BuildAppOptions {
  orm: MikroORM;
  env: Env;
  /** Close the database when the app closes (true for the process, false for shared test databases). */
  closeOrm?: boolean;
  logger?: FastifyServerOptions['logger'];
  clientDir?: string;
  /** The server-rendering entry; defaults to the build's (<clientDir>-ssr/entry-server.js). */
  ssrEntry?: string;
  /** Most addresses in one sitemap file before /sitemap.xml becomes an index (50,000; tests use a small one). */
  sitemapUrlLimit?: number;
}

export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  if (env.NODE_ENV === 'test') return false;
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(env.NODE_ENV === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

export async function buildApp(options: BuildAppOptions) {
  const { orm, env } = options;
  const isDev = env.NODE_ENV === 'development';
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? loggerOptions(env),
    // A request's logger is made when it first writes (most never do).
    childLoggerFactory: lazyChildLogger,
    // A hop count trusts that many proxies nearest to us (what proxy-addr does for numbers).
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(env.TRUST_PROXY)
        : env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // A request whose body stops arriving must not hold its connection for ever (slow uploads still fit).
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.SOCKET_IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, env.REQUEST_TIMEOUT_MS),
      // Node checks the request timeout on this interval (30 s by default): a tenth of it keeps the limit honest.
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(env.REQUEST_TIMEOUT_MS / 10)),
    },
    return503OnClosing: true,
    // Production logs errors, slow requests, a sample and summaries instead (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: env.NODE_ENV === 'production' && env.LOG_ACCESS_SAMPLE < 1 }),
    forceCloseConnections: 'idle',
    // tRPC batches name every procedure in one path segment (/trpc/a.b,c.d,…): allow more than 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  };
  const app = Fastify(serverOptions);

  // Counters in PostgreSQL, or in Redis when REDIS_URL is set; either way shared by every instance.
  const rateLimits = createRateLimitStore(orm, env.REDIS_URL);
  app.addHook('onClose', async () => rateLimits.close());
  // Work a request does not wait for; push notifications go out on the same runner.
  const afterAnswer = createAfterAnswer(() => orm.em.fork(), app.log);
  const push = createPushSender({
    afterAnswer,
    log: app.log,
    subject: env.APP_ORIGIN.startsWith('https:') ? env.APP_ORIGIN : `mailto:webmaster@${new URL(env.APP_ORIGIN).hostname}`,
  });
  const services: AppServices = {
    env: {
      appOrigin: env.APP_ORIGIN,
      secureCookies: env.APP_ORIGIN.startsWith('https:'),
      sessionIdleDays: env.SESSION_IDLE_DAYS,
      sessionAbsoluteDays: env.SESSION_ABSOLUTE_DAYS,
      isDev,
      dataDir: path.resolve(env.DATA_DIR),
      mailDomain: env.MAIL_DOMAIN ?? new URL(env.APP_ORIGIN).hostname,
      inboundEmailSecret: env.INBOUND_EMAIL_SECRET ?? null,
      contractTsaUrl: env.CONTRACT_TSA_URL ?? null,
      site: siteConfigOf(env),
    },
    mail: mailOutbox(),
    publicCache: new PublicCache(env.PUBLIC_CACHE_MS),
    rateLimit:
      env.RATE_LIMIT_FACTOR === 1
        ? rateLimits.hit
        : (key, limit, windowMs) => rateLimits.hit(key, Math.ceil(limit * env.RATE_LIMIT_FACTOR), windowMs),
    rateLimitReset: rateLimits.reset,
    rateLimitUndo: rateLimits.undo,
    // Admin saves that replace or delete a photo free the upload once nothing refers to it.
    media: createMediaService({ orm, references: mediaReferences, log: app.log }),
    afterAnswer,
    push: { ...push.notifier, publicKey: push.publicKey, extraOrigins: env.PUSH_EXTRA_ORIGINS },
    live: createLiveBus(orm, app.log),
    // Set just below: the runner's handlers are given these services.
    jobs: undefined as unknown as JobRunner,
    onUserErased,
  };
  // Every instance works the jobs unless JOBS=off (tests turn them on where they test them); the runner's schedules
  // send each scheduled job once across instances. A database that is not there yet: the runner starts once it is.
  const work = env.JOBS === 'on' || (env.JOBS === undefined && env.NODE_ENV !== 'test');
  const jobs = createJobRunner(orm, services, withBackupSchedule(appJobs, services.env.site.backupSchedule), app.log, { work });
  services.jobs = jobs;
  app.decorate('services', services);
  if (work) {
    let retry: NodeJS.Timeout | undefined;
    const start = () =>
      jobs.start().catch((err: unknown) => {
        app.log.warn({ err }, 'the job runner could not start yet; trying again in 30 s');
        retry = setTimeout(start, 30_000).unref();
      });
    app.addHook('onReady', async () => void start());
    app.addHook('preClose', async () => {
      clearTimeout(retry);
      await jobs.stop(1500);
    });
  } else {
    app.addHook('preClose', async () => jobs.stop(1500));
  }
  // Work started after an answer finishes before the database closes.
  app.addHook('preClose', async () => services.afterAnswer.idle());
  // The VAPID key pair is made on the first start (and read on every later one), before the first device subscribes.
  // An unreachable database does not stop the start: the pair is then made on first use.
  app.addHook('onReady', async () => {
    await push.publicKey(orm.em.fork()).catch((err: unknown) => app.log.warn({ err }, 'the VAPID keys could not be read yet'));
  });
  app.addHook('onClose', async () => services.live.close());

  await app.register(errors, { isDev });
  if (env.NODE_ENV === 'production') {
    await app.register(accessLog, { slowMs: env.LOG_SLOW_MS, sample: env.LOG_ACCESS_SAMPLE, summarySeconds: env.LOG_SUMMARY_SECONDS });
  }
  // First of the request hooks: a kept public answer replays its headers (security headers included) and
  // needs no session, database or compression.
  await app.register(publicReads);
  await app.register(security, { appOrigin: env.APP_ORIGIN, isDev });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(database, { orm, closeOrm: options.closeOrm ?? true });
  await app.register(session);
  await app.register(liveStreams, {
    perSession: env.LIVE_STREAMS_PER_SESSION,
    perAccount: env.LIVE_STREAMS_PER_ACCOUNT,
    perAddress: env.LIVE_STREAMS_PER_ADDRESS,
    global: env.LIVE_STREAMS_MAX,
    acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
  });
  await app.register(trpc);
  await app.register(rest, { endpoints: restEndpoints, isDev });
  await app.register(openapi, { endpoints: restEndpoints, appOrigin: env.APP_ORIGIN });
  // Replies by SMTP when the domain's MX points at the site (optional; docs/features.md "Conversations by e-mail").
  const inboundSmtpPort = env.INBOUND_SMTP_PORT;
  if (inboundSmtpPort !== undefined) {
    let listener: Awaited<ReturnType<typeof startInboundSmtp>> | undefined;
    app.addHook('onReady', async () => {
      listener = await startInboundSmtp(orm, services, inboundSmtpPort, env.HOST, app.log);
    });
    app.addHook('preClose', async () => listener?.close());
  }
  await app.register(mailer, {
    smtpUrl: env.SMTP_URL,
    from: mailFrom(env),
    ratePerMinute: env.MAIL_RATE_PER_MINUTE,
    retentionDays: env.MAIL_RETENTION_DAYS,
    ...(env.INSTANCE_ID ? { instanceId: env.INSTANCE_ID } : {}),
    ...(env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? { dkim: { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY } }
      : {}),
  });
  // A private upload is readable where any feature that shows it says so: the portal's updates and documents,
  // care records' files, sealed contracts, messages' attachments.
  const privateReaders = featureModules.flatMap<NonNullable<FeatureModule['canReadPrivateUpload']>>((m) =>
    'canReadPrivateUpload' in m ? [m.canReadPrivateUpload] : [],
  );
  await app.register(media, {
    privateAccess: async (em, user, url) => {
      for (const canRead of privateReaders) if (await canRead(em, user, url)) return true;
      return false;
    },
  });
  // The features' own plugins (downloads, webhooks, pages for the vet), after the media plugin some of them build on.
  for (const m of featureModules as readonly FeatureModule[]) for (const plugin of m.plugins ?? []) await app.register(plugin);
  await app.register(discovery, { appOrigin: env.APP_ORIGIN, sitemapUrlLimit: options.sitemapUrlLimit });
  await app.register(staticSpa, {
    clientDir: options.clientDir ?? (env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : path.join(ROOT_DIR, 'dist/client')),
    appOrigin: env.APP_ORIGIN,
    ...(options.ssrEntry ? { ssrEntry: options.ssrEntry } : {}),
  });
  return app;
}
