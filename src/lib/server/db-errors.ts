// Recognises "the database cannot be reached right now" errors so every transport answers 503, not 500.
import { ConnectionException } from '@mikro-orm/core';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The site is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying (the Retry-After header of a 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Thrown when no database connection could be acquired in time (the pool or the embedded queue). */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'timeout exceeded when trying to connect', options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

// Socket-level failures reaching the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that is going away, starting up or full: class 08 (connection exception),
// 57P01 admin_shutdown (pg_terminate_backend, fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections.
const SQLSTATES = /^(08...|57P0[123]|53300)$/;
// pg and pg-pool report a dead or unobtainable connection with plain Errors that carry only a message.
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Cannot use a pool after calling end/,
];

/** True when `error` (or anything in its cause chain) means the database is unreachable or saturated. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError || e instanceof ConnectionException) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
