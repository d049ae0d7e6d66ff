// tRPC init: the request context, procedure builders and an error formatter without stacks.
import { initTRPC, TRPCError } from '@trpc/server';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, toApiError } from './errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db-errors.ts';
import { refusedInput } from './input-guard.ts';
import type { MediaService } from './media-references.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { PublicCache } from './public-cache.ts';
import type { MailOutbox } from './mail.ts';
import type { AfterAnswer } from './after-answer.ts';
import type { JobRunner } from './jobs.ts';
import type { PushService } from './notify.ts';
import type { LiveBus } from './live-events.ts';

export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
  displayName?: string | null;
}

interface RequestMeta {
  ip: string;
  /** Sets a cookie on the HTTP response (null for in-process callers). */
  setCookie?: (name: string, value: string, options: Record<string, unknown>) => void;
  clearCookie?: (name: string, options: Record<string, unknown>) => void;
  cookies?: Record<string, string | undefined>;
  userAgent?: string;
  /** How the request reached the site, for the site health proxy check: the protocol settled on and the proxy's headers. */
  proxy?: { protocol: string; forwardedFor?: string | undefined; forwardedProto?: string | undefined };
}

export interface Context {
  em: EntityManager;
  user: SessionUser | null;
  /** Hash of the current session token, when signed in. */
  sessionId: string | null;
  req: RequestMeta;
  /** Services that need process-wide configuration read it from here. */
  services: AppServices;
}

/** The deployment's settings as the site health checks and backups see them (built from the environment once). */
export interface SiteConfig {
  appOrigin: string;
  /** TRUST_PROXY as parsed: false (none), true, a hop count or addresses. */
  trustProxy: boolean | number | string[];
  /** The embedded database (PGlite under DATA_DIR) or PostgreSQL. */
  database: 'embedded' | 'postgres';
  dataDir: string;
  backupDir: string;
  /** A cron expression, or null when the server makes no backups of its own. */
  backupSchedule: string | null;
  keepDaily: number;
  keepWeekly: number;
  dnsServers: string[];
  smtpConfigured: boolean;
  /** The sender address (MAIL_FROM or no-reply@host) and the reply domain (MAIL_DOMAIN or host). */
  mailFrom: string;
  mailDomain: string;
  dkim: { domain: string; selector: string; privateKey: string } | null;
  /** Replies come back by mail: the webhook's secret or the built-in SMTP listener is set. */
  inboundMail: boolean;
}

/** Process-wide dependencies a procedure may need; built once in buildApp() from the parsed env. */
export interface AppServices {
  env: {
    appOrigin: string;
    secureCookies: boolean;
    sessionIdleDays: number;
    sessionAbsoluteDays: number;
    isDev: boolean;
    dataDir: string;
    /** The domain of reply addresses on message e-mails (MAIL_DOMAIN, or the APP_ORIGIN host). */
    mailDomain: string;
    /** The shared secret of POST /api/inbound-email (none: the webhook refuses everything). */
    inboundEmailSecret: string | null;
    /** The RFC 3161 timestamp server sealed contracts are timestamped by (CONTRACT_TSA_URL; none: no timestamp). */
    contractTsaUrl: string | null;
    /** What the site health checks and the server's own backups read (features/site-health). */
    site: SiteConfig;
  };
  /** Counts one hit against a key's window (lib/server/rate-limit-store.ts). */
  rateLimit: RateLimiter;
  /** Forgets a key's counter (a successful login clears its failures). */
  rateLimitReset: (key: string) => Promise<void>;
  /** Takes back one counted hit (a login that succeeded after all). */
  rateLimitUndo: (key: string) => Promise<void>;
  /** Public read lists, cleared by every admin mutation (lib/server/public-cache.ts). */
  publicCache: PublicCache;
  /** The e-mail outbox: messages queued with the write that causes them (features/mail). */
  mail: MailOutbox;
  /** Frees uploads that admin changes stopped using (features/media). */
  media: MediaService;
  /** Work a request starts and does not wait for (lib/server/after-answer.ts). */
  afterAnswer: AfterAnswer;
  /** Web Push to the breeder's and families' devices (features/notifications, lib/server/notify.ts). */
  push: PushService;
  /** Live events to tRPC subscriptions, across instances through LISTEN/NOTIFY (lib/server/live-events.ts). */
  live: LiveBus;
  /** The job runner: queues a feature's triggered job (lib/server/jobs.ts). */
  jobs: Pick<JobRunner, 'send' | 'status'>;
  /**
   * What each feature erases or anonymises when a user deletes their account, composed on the top floor
   * (src/server/user-erasure.ts), so the auth feature erases data it does not know about.
   */
  onUserErased: readonly UserEraser[];
}

/** Runs inside the deletion's transaction, before the user row goes; returns the upload URLs it freed. */
export type UserEraser = (em: EntityManager, userId: number, services: AppServices) => Promise<{ releasedUrls?: string[] } | void>;

const t = initTRPC.context<Context>().create({
  // Subscriptions over server-sent events: a ping keeps an idle stream inside SOCKET_IDLE_TIMEOUT_MS, and the
  // browser reconnects when it hears nothing for longer than that.
  sse: { ping: { enabled: true, intervalMs: 25_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
  // tRPC's default shape carries the stack: dropped outside development. ctx is missing only when
  // building the context itself failed.
  errorFormatter({ shape, error, ctx }) {
    const isDev = ctx?.services.env.isDev ?? false;
    const { status, body } = toApiError(error, isDev);
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: body.message,
      data: { ...(isDev ? shape.data : data), httpStatus: status, fieldErrors: body.fieldErrors },
    };
  },
});

/** Turns domain errors into tRPC errors with the matching code (in-process callers see the code too). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  // An unreachable database is a 503 (the adapter adds Retry-After), not a 500.
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, cause: result.error.cause });
  }
  return result;
});

/**
 * Every procedure's raw input passes the one input rule, whatever the transport: /trpc (whose
 * adapter parses JSON itself), the REST adapters and in-process callers.
 */
const guardedInput = t.middleware(async ({ getRawInput, next }) => {
  const refused = refusedInput(await getRawInput());
  if (refused) throw new TRPCError({ code: 'BAD_REQUEST', message: refused });
  return next();
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors).use(guardedInput);

/** Any signed-in account (a family or the breeder). */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in first.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(async ({ ctx, next, type }) => {
  if (!ctx.user.isAdmin) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You need administrator privileges to do that.' });
  }
  const result = await next();
  // What the breeder changes shows on the public site at once.
  if (type === 'mutation' && result.ok) ctx.services.publicCache.clear();
  return result;
});

/** What a rateLimited middleware counts: its name (the counter's key prefix), budget, and whose budget it is. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  /** address: the client's IP address; account: the signed-in account (falls back to the address for a visitor). */
  by: 'address' | 'account';
}

// Each rateLimited middleware, by the function tRPC keeps in a procedure's chain: the access matrix
// (src/server/procedure-access.test.ts) reads a procedure's limits from its real chain through rateLimitOf.
const RATE_LIMIT_MIDDLEWARES = new WeakMap<object, RateLimitRule>();
/** The rule of a middleware in a procedure's chain (its _def.middlewares), when it is a rateLimited one. */
export const rateLimitOf = (middleware: unknown): RateLimitRule | undefined =>
  typeof middleware === 'function' ? RATE_LIMIT_MIDDLEWARES.get(middleware) : undefined;

/** Rate-limits a procedure by client address (default) or by the signed-in account. */
export function rateLimited(name: string, limit: number, windowMs: number, by: RateLimitRule['by'] = 'address') {
  const built = t.middleware(async ({ ctx, next }) => {
    const who = by === 'account' && ctx.user ? `u${ctx.user.id}` : ctx.req.ip;
    const { allowed, retryAfterMs } = await ctx.services.rateLimit(`${name}:${who}`, limit, windowMs);
    if (!allowed) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyMessage(retryAfterMs) });
    }
    return next();
  });
  for (const fn of (built as unknown as { _middlewares: object[] })._middlewares)
    RATE_LIMIT_MIDDLEWARES.set(fn, { name, limit, windowMs, by });
  return built;
}

// Limits a handler counts itself (only failures, or only after a check), by name: rateLimitInHandler
// registers the name and answers the key prefix the handler counts under, so a procedure classified as
// limited in its handler names a limit that exists in the code.
const HANDLER_RATE_LIMITS = new Set<string>();
export function rateLimitInHandler(name: string): string {
  HANDLER_RATE_LIMITS.add(name);
  return name;
}
export const isHandlerRateLimit = (name: string) => HANDLER_RATE_LIMITS.has(name);

export function tooManyMessage(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
