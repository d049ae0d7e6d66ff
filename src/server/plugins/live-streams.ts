// Live streams bounded and tied to their session (issue 44, decision 139): a subscription request is admitted
// before tRPC starts its stream (over a cap: 429 or 503 with Retry-After, an answer, never a held socket), its
// place is given back when the response closes, and its stream ends when its session is deleted (on any instance:
// the sessions table announces deletions on the live bus) or when the server shuts down.
import fp from 'fastify-plugin';
import type { PGlite } from '@electric-sql/pglite';
import { appRouter } from '../router.ts';
import {
  globalStreamCap,
  LiveStreams,
  SESSION_ENDED_CHANNEL,
  type SessionEndedEvent,
  type StreamLimits,
} from '../../lib/server/live-streams.ts';
import { existingSessionIds } from '../../features/auth/server/session.service.ts';

export interface LiveStreamOptions {
  perSession: number;
  perAccount: number;
  perAddress: number;
  /** The instance's cap; 0 sizes it from the pool and memory (globalStreamCap). */
  global: number;
  acquireTimeoutMs: number;
}

/** The tRPC paths of subscriptions (GET /trpc/<path>): the only requests that hold a stream. */
const subscriptionPaths = () =>
  new Set(
    Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
      .filter(([, procedure]) => procedure._def.type === 'subscription')
      .map(([path]) => path),
  );

export default fp<LiveStreamOptions>(
  async (app, options) => {
    const orm = app.orm;
    const embedded = Boolean((orm.config.get('driverOptions') as { pglite?: PGlite } | undefined)?.pglite);
    const poolSize = embedded ? 1 : (orm.config.get('pool')?.max ?? 10);
    const limits: StreamLimits = {
      perSession: options.perSession,
      perAccount: options.perAccount,
      perAddress: options.perAddress,
      global: options.global || globalStreamCap({ poolSize, acquireTimeoutMs: options.acquireTimeoutMs }),
    };
    const streams = new LiveStreams(limits);
    app.decorate('liveStreams', streams);
    app.decorateRequest('liveStream', null);
    const paths = subscriptionPaths();

    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'GET' || !request.url.startsWith('/trpc/')) return;
      const end = request.url.indexOf('?');
      const path = request.url.slice('/trpc/'.length, end < 0 ? undefined : end);
      // A visitor is not admitted anywhere: the procedure itself answers UNAUTHORIZED and ends at once.
      if (!paths.has(path) || !request.user || !request.sessionId) return;
      const admission = streams.admit({ sessionId: request.sessionId, userId: request.user.id, address: request.ip });
      if ('refused' in admission) {
        return reply
          .code(admission.status)
          .header('retry-after', String(admission.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .send({ error: { message: admission.message, code: admission.status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE' } });
      }
      request.liveStream = admission.slot;
      reply.raw.once('close', () => admission.slot.release());
      // At shutdown the connection goes with its stream (its headers went long ago, without Connection: close), so
      // the server does not wait out the drain's grace for a thousand idle keep-alive sockets.
      reply.raw.once('finish', () => {
        if (streams.closing) request.raw.socket?.end();
      });
    });

    // Every instance hears every deleted session (logout, password change, account deleted, revoked, expired).
    const bus = app.services.live;
    let stopHearing: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopHearing = await bus.subscribe(SESSION_ENDED_CHANNEL, (payload) => {
        const ids = (payload as Partial<SessionEndedEvent>).sessionIds;
        if (Array.isArray(ids)) streams.endSessions(ids.filter((id): id is string => typeof id === 'string'));
      });
    });
    // While the bus was down, deletions went unheard: the sessions of open streams are looked up again.
    const stopResync = bus.onResync(() => {
      const open = streams.sessionIds();
      if (!open.length) return;
      existingSessionIds(orm.em.fork(), open).then(
        (existing) => streams.endSessions(open.filter((id) => !existing.has(id))),
        (err: unknown) => app.log.warn({ err }, 'live streams: sessions could not be checked after a resync'),
      );
    });
    // Streams end before the server waits for its connections (a held stream would make it wait for ever).
    app.addHook('preClose', async () => {
      streams.endAll();
      stopHearing?.();
      stopResync();
    });
  },
  { name: 'live-streams', dependencies: ['database', 'session'] },
);
