// The live-event bus: a feature publishes after its commit, every instance's subscribers receive it through
// PostgreSQL LISTEN/NOTIFY (a dedicated pg connection on a server, PGlite's listen() when embedded), so two
// instances on one database behave as one. No in-memory-only fan-out: the local instance hears its own NOTIFY too.
//
// Nothing here may take the process down or leave a stream silent (issue 44, decision 139): every pg client and
// pool has an error listener; the LISTEN connection reconnects with backoff for as long as the bus is open; and
// since NOTIFYs sent while it was down are lost, every stream is told to resync (refetch) once it is back.
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PGlite } from '@electric-sql/pglite';

type Listener = (payload: unknown) => void;

/** What a stream yields when events may have been missed (the LISTEN connection was re-established): refetch. */
export const LIVE_RESYNC = Object.freeze({ resync: true as const });
export type LiveResync = typeof LIVE_RESYNC;
export const isResync = (value: unknown): value is LiveResync => value === LIVE_RESYNC;

/** Events a slow reader may have waiting before they collapse into one resync (it refetches everything anyway). */
const MAX_QUEUED = 64;

export interface LiveBusLog {
  warn: (obj: object, msg: string) => void;
}

export interface LiveBus {
  /**
   * Sends `payload` (small JSON: ids, not content; NOTIFY carries at most 8000 bytes) to every instance. Never
   * throws: the write it announces is committed, and an event that cannot be sent (the database went away) is
   * covered by the resync every stream gets when the bus is back.
   */
  publish(channel: string, payload: object): Promise<void>;
  /** Calls `listener` with each payload on `channel` until the returned function is called. */
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  /** Calls `listener` each time the bus has reconnected after losing its connection (events may be missing). */
  onResync(listener: () => void): () => void;
  /**
   * The payloads on `channel` as an async iterable that ends when `signal` aborts (for tRPC subscriptions);
   * LIVE_RESYNC in between when events may have been lost.
   */
  stream<T>(channel: string, signal: AbortSignal | undefined): AsyncGenerator<T | LiveResync>;
  close(): Promise<void>;
}

/** Channel names are fixed identifiers chosen by features, never user input; checked anyway since LISTEN cannot take a parameter. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid live channel name: ${channel}`);
};

interface Transport {
  /** Registers the channel; never rejects (a connection that is down listens again when it is back). */
  listen(channel: string, onPayload: (raw: string) => void): Promise<void>;
  notify(channel: string, raw: string): Promise<void>;
  close(): Promise<void>;
}

function pgliteTransport(pglite: PGlite, log: LiveBusLog | undefined): Transport {
  const unlisten: Array<() => Promise<void>> = [];
  return {
    async listen(channel, onPayload) {
      // The engine is in this process: it is there until the app closes it, and a failure here is a bug to report.
      try {
        unlisten.push(await pglite.listen(channel, onPayload));
      } catch (err) {
        log?.warn({ err, channel }, 'live events: listen failed on the embedded database');
      }
    },
    async notify(channel, raw) {
      await pglite.query('select pg_notify($1, $2)', [channel, raw]);
    },
    async close() {
      if (pglite.closed) return;
      await Promise.all(unlisten.map((u) => u().catch(() => undefined)));
    },
  };
}

/** Backoff between attempts to get the LISTEN connection back: quick at first (a restart), then every 5 s. */
export const reconnectDelayMs = (attempt: number) => Math.min(5000, 100 * 2 ** attempt);

/**
 * One LISTEN connection per instance, reconnected after a drop for as long as the bus is open (the channels are
 * listened to again, then `onReconnect` runs); NOTIFY through a small pool of its own. Both have error listeners:
 * a server that restarts or terminates the backends ends them with an 'error' event, which unheard kills the process.
 */
function serverTransport(url: string, onReconnect: () => void, log: LiveBusLog | undefined): Transport {
  const handlers = new Map<string, (raw: string) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  /** The connection was lost (or never came up with channels to hear): the next one that comes up resyncs. */
  let lost = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let notifier: pg.Pool | null = null;

  const scheduleReconnect = () => {
    if (closed || retry || !handlers.size) return;
    retry = setTimeout(() => {
      retry = null;
      ensure().catch(() => scheduleReconnect());
    }, reconnectDelayMs(attempt++));
    retry.unref();
  };

  const open = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    let up = false;
    c.on('notification', (n) => {
      if (n.payload !== undefined) handlers.get(n.channel)?.(n.payload);
    });
    const drop = (err?: Error) => {
      // Later errors of this dead connection are heard and ignored.
      c.removeAllListeners('error');
      c.on('error', () => undefined);
      if (client === c) client = null;
      if (up && !closed) {
        up = false;
        lost = true;
        if (err) log?.warn({ err }, 'live events: the LISTEN connection was lost; reconnecting');
        scheduleReconnect();
      }
    };
    c.on('error', drop);
    c.on('end', () => drop());
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`listen "${channel}"`);
    } catch (err) {
      drop();
      c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      c.end().catch(() => undefined);
      throw new Error('live events closed');
    }
    up = true;
    client = c;
    attempt = 0;
    if (lost) {
      lost = false;
      onReconnect();
    }
    return c;
  };
  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    if (!connecting) {
      const current = open();
      connecting = current;
      current.then(
        () => {
          if (connecting === current) connecting = null;
        },
        () => {
          if (connecting === current) connecting = null;
        },
      );
    }
    return connecting;
  };

  return {
    async listen(channel, onPayload) {
      const known = handlers.has(channel);
      handlers.set(channel, onPayload);
      if (known) return;
      try {
        const c = await ensure();
        // A connection opened after set() listened to it already; LISTEN twice is harmless.
        await c.query(`listen "${channel}"`);
      } catch (err) {
        // Down now: the connection that comes back listens to every channel and resyncs the streams.
        if (!closed) {
          lost = true;
          log?.warn({ err, channel }, 'live events: cannot listen yet; retrying');
          scheduleReconnect();
        }
      }
    },
    async notify(channel, raw) {
      if (!notifier) {
        notifier = new pg.Pool({
          connectionString: url,
          max: 2,
          keepAlive: true,
          connectionTimeoutMillis: 5000,
          idleTimeoutMillis: 30_000,
        });
        // An idle connection the server ends is reported here (pg-pool drops it and opens another when needed).
        notifier.on('error', (err) => log?.warn({ err }, 'live events: a NOTIFY connection was lost'));
      }
      const pool = notifier;
      try {
        await pool.query('select pg_notify($1, $2)', [channel, raw]);
      } catch {
        // A connection that died since its last use is dropped by the pool: once more on a fresh one.
        await pool.query('select pg_notify($1, $2)', [channel, raw]);
      }
    },
    async close() {
      closed = true;
      handlers.clear();
      if (retry) clearTimeout(retry);
      retry = null;
      await client?.end().catch(() => undefined);
      await notifier?.end().catch(() => undefined);
    },
  };
}

export function createLiveBus(orm: MikroORM, log?: LiveBusLog): LiveBus {
  const pglite = (orm.config.get('driverOptions') as { pglite?: PGlite } | undefined)?.pglite;
  const resyncListeners = new Set<() => void>();
  const resync = () => {
    for (const l of resyncListeners) l();
  };
  const transport = pglite ? pgliteTransport(pglite, log) : serverTransport(orm.config.get('clientUrl')!, resync, log);
  const listeners = new Map<string, Set<Listener>>();
  const listening = new Map<string, Promise<void>>();

  const ensureListening = (channel: string) => {
    let p = listening.get(channel);
    if (!p) {
      p = transport.listen(channel, (raw) => {
        let payload: unknown;
        try {
          payload = JSON.parse(raw);
        } catch {
          return;
        }
        for (const l of listeners.get(channel) ?? []) l(payload);
      });
      listening.set(channel, p);
    }
    return p;
  };

  const bus: LiveBus = {
    async publish(channel, payload) {
      checkChannel(channel);
      try {
        await transport.notify(channel, JSON.stringify(payload));
      } catch (err) {
        log?.warn({ err, channel }, 'live events: an event could not be sent (streams resync when the bus is back)');
      }
    },
    async subscribe(channel, listener) {
      checkChannel(channel);
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      await ensureListening(channel);
      return () => {
        set.delete(listener);
      };
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => {
        resyncListeners.delete(listener);
      };
    },
    async *stream<T>(channel: string, signal: AbortSignal | undefined): AsyncGenerator<T | LiveResync> {
      let queue: Array<T | LiveResync> = [];
      let wake: (() => void) | null = null;
      const push = (item: T | LiveResync) => {
        // A reader that does not keep up (a stalled socket) gets one resync instead of an ever longer queue.
        if (queue.length >= MAX_QUEUED || (isResync(item) && queue.length)) queue = [LIVE_RESYNC];
        else queue.push(item);
        wake?.();
      };
      const unsubscribe = await bus.subscribe(channel, (p) => push(p as T));
      const stopResync = bus.onResync(() => push(LIVE_RESYNC));
      const onAbort = () => wake?.();
      signal?.addEventListener('abort', onAbort);
      try {
        while (!signal?.aborted) {
          if (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          while (queue.length && !signal?.aborted) yield queue.shift()!;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        stopResync();
        unsubscribe();
      }
    },
    async close() {
      listeners.clear();
      resyncListeners.clear();
      await transport.close();
    },
  };
  return bus;
}
