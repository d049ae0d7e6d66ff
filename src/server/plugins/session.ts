// Session plugin: resolves the signed-in user from the `sid` cookie (expired sessions are purged by auth's job).
import fp from 'fastify-plugin';
import { resolveSession, SESSION_COOKIE, sessionCookieOptions, type SessionPolicy } from '../../features/auth/server/session.service.ts';
import type { AppServices } from '../../lib/server/trpc.ts';

/** Paths that never need the user: static assets, media variants and probes skip the session lookup. */
const SKIP = /^\/(assets\/|uploads\/|healthz|readyz|favicon)/;
/** API answers that depend on who asks even without a cookie (401 for a visitor, the data or a new session cookie). */
const SESSION_API = /^\/(api|trpc)\//;
const ALWAYS_PRIVATE = /^\/(api\/admin\/|api\/(user|login|register|logout)(\?|$)|trpc\/([^?]*[.,])?(admin|auth|portal)\.)/;

export function sessionPolicy(services: AppServices): SessionPolicy {
  return {
    idleDays: services.env.sessionIdleDays,
    absoluteDays: services.env.sessionAbsoluteDays,
    secureCookies: services.env.secureCookies,
  };
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    const policy = sessionPolicy(app.services);
    const hasSessionCookie = new RegExp(`(^|;)\\s*${SESSION_COOKIE}=`);

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || SKIP.test(request.url)) return;
      const found = await resolveSession(request.em, token, policy);
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
      } else {
        // Unknown or expired: drop the stale cookie so the browser stops sending it.
        const { maxAge: _maxAge, ...options } = sessionCookieOptions(policy);
        reply.clearCookie(SESSION_COOKIE, options);
      }
    });

    // Whatever the API answers to a signed-in browser (the inbox, the CSV exports, /api/user) is that
    // person's: no browser or proxy cache may keep it. A request carrying a session cookie counts
    // even when the cookie turned out stale, since the answer still depended on it.
    app.addHook('onSend', async (request, reply) => {
      const url = request.url;
      if (!SESSION_API.test(url)) return;
      // The raw header: a guard that answered in onRequest before the cookie plugin ran left no request.cookies.
      if (request.user || hasSessionCookie.test(request.headers.cookie ?? '') || ALWAYS_PRIVATE.test(url)) {
        reply.header('Cache-Control', 'no-store');
      }
    });
  },
  { name: 'session', dependencies: ['database'] },
);
