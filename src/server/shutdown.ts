// Graceful shutdown without connection resets: drain keep-alive clients with `Connection: close`, then close.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Servers that are draining: answers written past the hooks (kept public reads) step aside for the usual path. */
export const drainingServers = new WeakSet<object>();

export interface Drainer {
  /** Starts draining; resolves once the app is closed (database included). */
  shutdown: () => Promise<void>;
}

/**
 * Why not just `app.close()`: Node's `http.Server#close()` starts by destroying every *idle* keep-alive
 * socket, and a client that has just sent its next request on such a socket gets a connection reset
 * (13 resets at SIGTERM under 100 connections). Instead, on a signal:
 * 0. end the open live streams (server-sent events) at once, with a reconnect hint (decision 139);
 * 1. stop accepting new connections, but leave the open ones alone (the plain `net.Server` close,
 *    which skips http's idle sweep); new connections are refused, which clients retry elsewhere;
 * 2. answer every request still arriving on an open connection normally, with `Connection: close`,
 *    so the client closes it after reading the response; `/readyz` answers 503 so balancers stop;
 * 3. when every connection has closed, or after `graceMs` (a keep-alive connection that sends
 *    nothing never learns), close the idle rest, wait for requests still in flight, then run
 *    `app.close()` (hooks, database).
 * With `delayMs`, a step comes first: for that long the instance keeps taking connections and serving (each answer
 * with `Connection: close`), with `/readyz` answering 503, so a balancer's health check takes it out of rotation
 * before it stops listening. A balancer that finds the port closed instead retries elsewhere, but Debian's Caddy
 * (2.6) sends a retried request with a body on empty (caddy#7546): a 502 for a write (decision 168).
 * Call before `listen()` (it adds hooks).
 */
export function drainOnShutdown(app: FastifyInstance, { graceMs, delayMs = 0 }: { graceMs: number; delayMs?: number }): Drainer {
  let draining = false;
  app.addHook('onRequest', async (request, reply) => {
    if (draining && request.url === '/readyz') return reply.code(503).send({ status: 'shutting down' });
  });
  app.addHook('onSend', async (request, reply) => {
    if (draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });

  let closed: Promise<void> | undefined;
  const shutdown = () =>
    (closed ??= (async () => {
      draining = true;
      // Live streams first: each ends now with a reconnect hint (the browser reconnects, to another instance once
      // this one stops listening), so the wait below is for ordinary requests, not for streams that never end.
      if (app.hasDecorator('liveStreams')) app.liveStreams.endAll();
      const server = app.server;
      drainingServers.add(server);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (server.listening) {
        const allClosed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([allClosed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
        // What is still open is idle (closed now) or serving a request that started before the signal:
        // keep closing idle sockets until those finished too, so app.close() closes the database last.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        await allClosed;
        clearInterval(sweep);
      }
      await app.close();
    })());
  return { shutdown };
}
