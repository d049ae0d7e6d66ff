// Security headers (strict CSP) and the cross-site / JSON-only guard for state-changing requests.
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ENTRY_LOADER } from '../../lib/shared/entry-loader.ts';
import { THEME_SCRIPT } from '../../lib/shared/theme-preference.ts';

import { badRequest, JSON_ONLY_MESSAGE, NUL_MESSAGE } from '../../lib/server/errors.ts';
import { refusedInput } from '../../lib/server/input-guard.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp<{ appOrigin: string; isDev: boolean }>(
  async (app, { appOrigin, isDev }) => {
    const https = appOrigin.startsWith('https:');
    const options: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The two inline scripts, by their hashes (never 'unsafe-inline'): the theme, applied before the first
          // paint, and the loader that starts the app's code after it.
          scriptSrc: [
            "'self'",
            ...[THEME_SCRIPT, ENTRY_LOADER].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`),
          ],
          // Mantine writes its CSS variables into a <style> element at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(isDev ? ['ws:'] : [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
    };
    // The same headers on every response: worked out once at start-up (helmet builds its policy strings on each
    // call) and set in one step per request.
    const headers = securityHeaders(options);
    headers['Permissions-Policy'] = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
    // A JSON answer is never a document: nothing in it may load or run, nothing may frame it, and the
    // document-only headers (policies for scripts, fonts, features, windows) are left off: OWASP's set for
    // REST answers, about a tenth of the bytes on every API call.
    const dataHeaders: Record<string, string> = {
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      ...(headers['Strict-Transport-Security'] ? { 'Strict-Transport-Security': headers['Strict-Transport-Security'] } : {}),
    };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isDataPath(request.url) ? dataHeaders : headers);
      done();
    });

    // JSON bodies pass the same input rule as every procedure (no NUL, no __proto__ / constructor.prototype),
    // and an empty body sent as application/json (POST /api/logout from some clients) means "no payload".
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
      const refused = refusedInput(value);
      if (refused) return done(badRequest(refused), undefined);
      done(null, value);
    });

    // Every state-changing request is checked, whatever its path: all of them live under /api and /trpc,
    // and a path trick (//api/…, /trpc?…) must not be a way around the guard.
    app.addHook('onRequest', async (request, reply) => {
      if (/%00/i.test(request.url)) return reply.code(400).send({ message: NUL_MESSAGE });
      if (!MUTATING.has(request.method)) return;
      // RFC 8058 one-click unsubscribe: a mail provider's form POST from anywhere, authorised by its signed token alone.
      if (request.routeOptions.config?.crossSiteForm) return;
      const url = request.url;
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      const crossOrigin = origin !== undefined && origin !== appOrigin;
      const crossSite = site === 'cross-site' || (site === 'same-site' && origin !== appOrigin);
      if (crossOrigin || crossSite) {
        return reply.code(403).send({ message: 'Cross-site requests are not allowed.' });
      }
      const type = (request.headers['content-type'] ?? '').toLowerCase();
      const isMultipartUpload =
        (url.startsWith('/api/admin/media') || request.routeOptions.config?.multipartUpload === true) &&
        type.startsWith('multipart/form-data');
      const length = request.headers['content-length'];
      const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
      if ((hasBody || type) && !type.startsWith('application/json') && !isMultipartUpload) {
        return reply.code(415).send({ message: JSON_ONLY_MESSAGE });
      }
    });
  },
  { name: 'security' },
);

/** Answers that are data (JSON, CSV), never a page: the REST and tRPC paths, except the API's readable reference page. */
const isDataPath = (url: string) => (url.startsWith('/api/') || url.startsWith('/trpc/')) && !url.startsWith('/api/docs');

/** The headers helmet sets with these options, read off a response that only records them. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failed: unknown;
  helmet(options)({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}
