// The open live streams (tRPC subscriptions over server-sent events) of this instance: bounded, and tied to the
// session that opened them (issue 44, decision 139). A stream is admitted before it starts (src/server/plugins/
// live-streams.ts answers 429 or 503 with Retry-After over a cap, never a held socket) and ends when its session
// ends (on every instance: the sessions table tells them, migration 20261207141000), when the server shuts down,
// or when its reader goes away.
import { getHeapStatistics } from 'node:v8';
import { TRPCError } from '@trpc/server';
import type { LiveBus, LiveResync } from './live-events.ts';
import { AppError } from './errors.ts';

/** Who opened a stream. */
export interface StreamOwner {
  sessionId: string;
  userId: number;
  address: string;
}

export interface StreamLimits {
  perSession: number;
  perAccount: number;
  perAddress: number;
  global: number;
}

export type StreamEnd = 'session' | 'shutdown';

export interface StreamSlot {
  /** Aborts when the stream must end (its session ended, the server shuts down, or it was released). */
  readonly signal: AbortSignal;
  /** Why it ended, once it has. */
  readonly ended: StreamEnd | undefined;
  /** Gives the place back (the response closed); idempotent. */
  release(): void;
}

export type Admission =
  | { slot: StreamSlot }
  | { refused: 'session' | 'account' | 'address' | 'global'; status: 429 | 503; retryAfterSeconds: number; message: string };

/** What one open stream is allowed to cost in the global cap's memory share (the bench measures well below). */
export const STREAM_MEMORY_BUDGET_BYTES = 64 * 1024;
/** The share of the heap open streams may take. */
const STREAM_HEAP_SHARE = 0.25;
/** A resync makes every stream's page refetch at once: each refetch holds a connection about this long. */
const REFETCH_MS = 4;

/**
 * The most streams one instance keeps open: what memory allows (a quarter of the heap at 64 KB each) and what the
 * pool can serve when every one of them refetches at once after a resync (within the acquire timeout).
 */
export function globalStreamCap({
  poolSize,
  acquireTimeoutMs,
  heapLimitBytes = getHeapStatistics().heap_size_limit,
}: {
  poolSize: number;
  acquireTimeoutMs: number;
  heapLimitBytes?: number;
}): number {
  const byMemory = Math.floor((heapLimitBytes * STREAM_HEAP_SHARE) / STREAM_MEMORY_BUDGET_BYTES);
  const byPool = Math.floor((poolSize * acquireTimeoutMs) / REFETCH_MS);
  return Math.max(1, Math.min(byMemory, byPool));
}

/** Over a per-owner cap: a while before asking again (a page that really needs its stream gets it on its next try). */
const OWNER_RETRY_AFTER_S = 30;
/** Over the instance's cap: a balancer or the page retries soon (streams close all the time). */
const GLOBAL_RETRY_AFTER_S = 5;

interface Entry extends StreamSlot {
  owner: StreamOwner;
  end(reason: StreamEnd): void;
}

export class LiveStreams {
  readonly #open = new Set<Entry>();
  readonly #counts = { session: new Map<string, number>(), account: new Map<number, number>(), address: new Map<string, number>() };
  #closing = false;

  readonly limits: StreamLimits;

  constructor(limits: StreamLimits) {
    this.limits = limits;
  }

  /** True once endAll() ran (shutdown): no stream is admitted any more. */
  get closing(): boolean {
    return this.#closing;
  }

  get size(): number {
    return this.#open.size;
  }

  /** The sessions that have a stream open here. */
  sessionIds(): string[] {
    return [...this.#counts.session.keys()];
  }

  admit(owner: StreamOwner): Admission {
    const { limits } = this;
    const over = (what: 'session' | 'account' | 'address', count: number | undefined, limit: number) =>
      (count ?? 0) >= limit
        ? {
            refused: what,
            status: 429 as const,
            retryAfterSeconds: OWNER_RETRY_AFTER_S,
            message: `Too many live connections for this ${what === 'address' ? 'network address' : what}: close another tab or try again in ${OWNER_RETRY_AFTER_S} seconds.`,
          }
        : null;
    const refused =
      over('session', this.#counts.session.get(owner.sessionId), limits.perSession) ??
      over('account', this.#counts.account.get(owner.userId), limits.perAccount) ??
      over('address', this.#counts.address.get(owner.address), limits.perAddress);
    if (refused) return refused;
    if (this.#closing || this.#open.size >= limits.global) {
      return {
        refused: 'global',
        status: 503,
        retryAfterSeconds: GLOBAL_RETRY_AFTER_S,
        message: `The server has no room for another live connection right now: try again in ${GLOBAL_RETRY_AFTER_S} seconds.`,
      };
    }
    return { slot: this.#add(owner) };
  }

  #add(owner: StreamOwner): Entry {
    const controller = new AbortController();
    const bump = <K>(map: Map<K, number>, key: K, by: number) => {
      const n = (map.get(key) ?? 0) + by;
      if (n > 0) map.set(key, n);
      else map.delete(key);
    };
    const counts = this.#counts;
    let ended: StreamEnd | undefined;
    let released = false;
    const entry: Entry = {
      owner,
      signal: controller.signal,
      get ended() {
        return ended;
      },
      end: (reason) => {
        ended ??= reason;
        controller.abort();
      },
      release: () => {
        if (released) return;
        released = true;
        this.#open.delete(entry);
        bump(counts.session, owner.sessionId, -1);
        bump(counts.account, owner.userId, -1);
        bump(counts.address, owner.address, -1);
        controller.abort();
      },
    };
    this.#open.add(entry);
    bump(counts.session, owner.sessionId, 1);
    bump(counts.account, owner.userId, 1);
    bump(counts.address, owner.address, 1);
    return entry;
  }

  /** Ends the streams of these sessions (they were deleted: logout, password change, account deleted, revoked). */
  endSessions(sessionIds: Iterable<string>): number {
    const gone = new Set(sessionIds);
    let n = 0;
    for (const entry of this.#open) {
      if (gone.has(entry.owner.sessionId)) {
        entry.end('session');
        n++;
      }
    }
    return n;
  }

  /** Shutdown: ends every stream now (with a reconnect hint) and admits no more. */
  endAll(): number {
    this.#closing = true;
    const n = this.#open.size;
    for (const entry of this.#open) entry.end('shutdown');
    return n;
  }
}

/** What the session-ended channel carries (sent by the sessions table's trigger, 100 ids at most per event). */
export const SESSION_ENDED_CHANNEL = 'session_ended';
export interface SessionEndedEvent {
  sessionIds: string[];
}

/** The reconnect hint a stream ends with at shutdown: a retryable code, so the browser reconnects (to another instance). */
export const SHUTDOWN_MESSAGE = 'The server is restarting: reconnecting.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * A subscription's events on `channel` for as long as its stream may stay open: LIVE_RESYNC when events may have
 * been missed; it ends with UNAUTHORIZED when its session ended (the client stops) and with SERVICE_UNAVAILABLE at
 * shutdown (retryable: the client reconnects and refetches). `slot` is null for in-process callers (no HTTP stream).
 */
export async function* liveStream<T>(
  bus: LiveBus,
  channel: string,
  slot: StreamSlot | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<T | LiveResync> {
  const signals = [signal, slot?.signal].filter((s): s is AbortSignal => s !== undefined);
  const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  try {
    yield* bus.stream<T>(channel, combined);
    if (slot?.ended === 'session') throw new TRPCError({ code: 'UNAUTHORIZED', message: SESSION_ENDED_MESSAGE });
    // Through an AppError, so the message is told as it is (an error of status 5xx is otherwise told generically).
    if (slot?.ended === 'shutdown') {
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: SHUTDOWN_MESSAGE,
        cause: new AppError('SERVICE_UNAVAILABLE', SHUTDOWN_MESSAGE),
      });
    }
  } finally {
    slot?.release();
  }
}

declare module './trpc.ts' {
  interface Context {
    /** The live-stream place this request was admitted with (subscriptions over HTTP; plugins/live-streams.ts). */
    stream?: StreamSlot | null;
  }
}
