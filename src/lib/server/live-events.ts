// The live-event bus: a feature publishes after its commit, every instance's subscribers receive it through
// PostgreSQL LISTEN/NOTIFY (a dedicated pg connection on a server, PGlite's listen() when embedded), so two
// instances on one database behave as one. No in-memory-only fan-out: the local instance hears its own NOTIFY too.
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PGlite } from '@electric-sql/pglite';

type Listener = (payload: unknown) => void;

export interface LiveBus {
  /** Sends `payload` (small JSON: ids, not content; NOTIFY carries at most 8000 bytes) to every instance. */
  publish(channel: string, payload: object): Promise<void>;
  /** Calls `listener` with each payload on `channel` until the returned function is called. */
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  /** The payloads on `channel` as an async iterable that ends when `signal` aborts (for tRPC subscriptions). */
  stream<T>(channel: string, signal: AbortSignal | undefined): AsyncGenerator<T>;
  close(): Promise<void>;
}

/** Channel names are fixed identifiers chosen by features, never user input; checked anyway since LISTEN cannot take a parameter. */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid live channel name: ${channel}`);
};

interface Transport {
  listen(channel: string, onPayload: (raw: string) => void): Promise<void>;
  notify(channel: string, raw: string): Promise<void>;
  close(): Promise<void>;
}

function pgliteTransport(pglite: PGlite): Transport {
  const unlisten: Array<() => Promise<void>> = [];
  return {
    async listen(channel, onPayload) {
      unlisten.push(await pglite.listen(channel, onPayload));
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

/** One LISTEN connection per instance, reconnected after a drop (the channels are listened to again). */
function serverTransport(url: string): Transport {
  const handlers = new Map<string, (raw: string) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let notifier: pg.Pool | null = null;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        if (n.payload !== undefined) handlers.get(n.channel)?.(n.payload);
      });
      const drop = () => {
        if (client === c) client = null;
        connecting = null;
        c.removeAllListeners('error');
        c.on('error', () => undefined);
        if (!closed && handlers.size) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      };
      c.on('error', drop);
      c.on('end', drop);
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`listen "${channel}"`);
      client = c;
      return c;
    })();
    connecting.catch(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async listen(channel, onPayload) {
      handlers.set(channel, onPayload);
      const c = client ?? (await connect());
      await c.query(`listen "${channel}"`);
    },
    async notify(channel, raw) {
      notifier ??= new pg.Pool({ connectionString: url, max: 2 });
      await notifier.query('select pg_notify($1, $2)', [channel, raw]);
    },
    async close() {
      closed = true;
      handlers.clear();
      await client?.end().catch(() => undefined);
      await notifier?.end().catch(() => undefined);
    },
  };
}

export function createLiveBus(orm: MikroORM): LiveBus {
  const pglite = (orm.config.get('driverOptions') as { pglite?: PGlite } | undefined)?.pglite;
  const transport = pglite ? pgliteTransport(pglite) : serverTransport(orm.config.get('clientUrl')!);
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
      p.catch(() => listening.delete(channel));
      listening.set(channel, p);
    }
    return p;
  };

  const bus: LiveBus = {
    async publish(channel, payload) {
      checkChannel(channel);
      await transport.notify(channel, JSON.stringify(payload));
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
    async *stream<T>(channel: string, signal: AbortSignal | undefined) {
      const queue: T[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = await bus.subscribe(channel, (p) => {
        queue.push(p as T);
        wake?.();
      });
      const onAbort = () => wake?.();
      signal?.addEventListener('abort', onAbort);
      try {
        while (!signal?.aborted) {
          if (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          while (queue.length) yield queue.shift()!;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        unsubscribe();
      }
    },
    async close() {
      listeners.clear();
      await transport.close();
    },
  };
  return bus;
}
