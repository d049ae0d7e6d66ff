// The authorization matrix: every admin procedure and every /api/admin route, found by walking the
// router and the HTTP route table (so new ones are covered without editing this file), answers 401
// to a visitor and 403 to a signed-in non-admin, while an admin gets past the guard.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { appRouter } from '../../../server/router.ts';
import { restEndpoints } from '../../../server/rest-routes.ts';
import { adminProcedure } from '../../../lib/server/trpc.ts';

type ProcedureType = 'query' | 'mutation' | 'subscription';
interface ProcedureDef {
  _def: { type: ProcedureType; middlewares: unknown[] };
}

/**
 * How many admin procedures and /api/admin routes exist. A new one changes these on purpose (and is then
 * covered by the walk); a router that went missing cannot make the matrix pass on nothing.
 */
// One line per feature, so branches that add admin procedures merge without touching each other's line.
const ADMIN_PROCEDURE_COUNT = [
  94, // the features before issues 30-35
  9, // admin.payments (issue 31)
  10, // admin.health (issue 33)
  7, // admin.visits (issue 32)
  13, // admin.contracts (issue 31; preview, issue 45)
  1, // admin.today (issue 34)
  9, // admin.messages (issue 30)
  1, // admin.jobs (issue 47)
  11, // admin.temperament (issue 50)
  15, // admin.picks (issue 50)
  5, // admin.siteHealth (issue 48)
].reduce((a, b) => a + b);
const ADMIN_HTTP_ROUTES = [
  'GET /api/admin/inquiries.csv',
  'GET /api/admin/subscribers.csv',
  'POST /api/admin/media',
  'POST /api/admin/articles/preview',
  'GET /api/admin/applications.csv',
  'GET /api/admin/payments.csv',
  'GET /api/admin/export',
  'GET /api/admin/health',
  'GET /api/admin/backups/latest',
  'POST /api/admin/imports',
  'POST /api/admin/imports/1/preview',
  'POST /api/admin/imports/1/commit',
  'GET /api/admin/imports/1',
  'DELETE /api/admin/imports/1',
  'GET /api/admin/imports/1/failed-rows.csv',
];

function adminProcedures(): { path: string; type: ProcedureType; middlewares: unknown[] }[] {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures;
  return Object.entries(procedures)
    .filter(([path]) => path.startsWith('admin.'))
    .map(([path, p]) => ({ path, type: p._def.type, middlewares: p._def.middlewares }));
}

/** Every method + path of the HTTP routes whose path starts with prefix, read from Fastify's route tree. */
function httpRoutes(app: FastifyInstance, prefix: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round((at - 2) / 4);
    const match = /^(\S+)(?: \(([^)]*)\))?/.exec(line.slice(at + 3));
    if (!match) continue;
    stack.length = depth;
    stack.push(match[1]!);
    const url = stack.join('');
    if (!match[2] || !url.startsWith(prefix)) continue;
    for (const method of match[2].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url: url.replace(/:[^/]+/g, '1') });
    }
  }
  return out;
}

describe('the admin API is closed to visitors and non-admins', () => {
  const t = useTestApp();

  async function callProcedure(path: string, type: ProcedureType, cookie?: string) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
    if (type === 'subscription') {
      // Server-sent events: a refused subscription answers one serialized-error event and ends.
      const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers });
      const error = /event: serialized-error\ndata: (.*)\n/.exec(res.body);
      const data = error ? (JSON.parse(error[1]!) as { data?: { code?: string; httpStatus?: number } }).data : undefined;
      return { status: data?.httpStatus ?? res.statusCode, code: data?.code };
    }
    const res =
      type === 'query'
        ? await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers })
        : await t.app.inject({
            method: 'POST',
            url: `/trpc/${path}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: '{}',
          });
    return { status: res.statusCode, code: (res.json() as { error?: { data?: { code?: string } } }).error?.data?.code };
  }

  it('walks every admin procedure: the expected number, each a query, mutation or subscription', () => {
    const procedures = adminProcedures();
    expect(procedures).toHaveLength(ADMIN_PROCEDURE_COUNT);
    for (const p of procedures) {
      expect(p.path).toMatch(/^admin\.[\w.]+$/);
      expect(['query', 'mutation', 'subscription']).toContain(p.type);
    }
  });

  it('builds every admin procedure on adminProcedure (its guard runs before anything the procedure adds)', () => {
    const guard = (adminProcedure as unknown as ProcedureDef)._def.middlewares;
    expect(guard.length).toBeGreaterThan(0);
    const unguarded = adminProcedures()
      .filter((p) => guard.some((middleware, i) => p.middlewares[i] !== middleware))
      .map((p) => p.path);
    expect(unguarded).toEqual([]);
  });

  it('reads the HTTP route tree completely (nested paths included)', () => {
    const all = httpRoutes(t.app, '/api/');
    expect(all).toContainEqual({ method: 'GET', url: '/api/user' });
    expect(all).toContainEqual({ method: 'POST', url: '/api/logout' });
    for (const e of restEndpoints) {
      expect(all).toContainEqual({ method: e.method, url: e.url.replace(/:[^/]+/g, '1') });
    }
  });

  it('every admin.* procedure: 401 for a visitor, 403 for a signed-in non-admin, past the guard for an admin', async () => {
    const user = await signIn(t.orm, { username: 'plain_user', isAdmin: false });
    const admin = await signIn(t.orm, { username: 'matrix_admin', isAdmin: true });
    const wrong: string[] = [];
    for (const { path, type } of adminProcedures()) {
      const visitor = await callProcedure(path, type);
      if (visitor.status !== 401 || visitor.code !== 'UNAUTHORIZED') wrong.push(`${path} visitor → ${visitor.status} ${visitor.code}`);
      const signedIn = await callProcedure(path, type, user.cookie);
      if (signedIn.status !== 403 || signedIn.code !== 'FORBIDDEN') wrong.push(`${path} non-admin → ${signedIn.status} ${signedIn.code}`);
      // An admin's subscription stays open: messages.test.ts receives on it.
      if (type === 'subscription') continue;
      const asAdmin = await callProcedure(path, type, admin.cookie);
      if (asAdmin.status === 401 || asAdmin.status === 403 || asAdmin.status >= 500)
        wrong.push(`${path} admin → ${asAdmin.status} ${asAdmin.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every /api/admin HTTP route: 401 for a visitor, 403 for a signed-in non-admin', async () => {
    const user = await signIn(t.orm, { username: 'plain_user2', isAdmin: false });
    const wrong: string[] = [];
    const routes = httpRoutes(t.app, '/api/admin');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...ADMIN_HTTP_ROUTES].sort());
    for (const { method, url } of routes) {
      const send = (cookie?: string) =>
        t.app.inject({ method: method as 'GET', url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
      const visitor = await send();
      if (visitor.statusCode !== 401) wrong.push(`${method} ${url} visitor → ${visitor.statusCode}`);
      const signedIn = await send(user.cookie);
      if (signedIn.statusCode !== 403) wrong.push(`${method} ${url} non-admin → ${signedIn.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a demoted admin loses access at the next request (admin status is read per request, not from the session)', async () => {
    const admin = await signIn(t.orm, { username: 'demoted_admin', isAdmin: true });
    const first = adminProcedures().find((p) => p.path === 'admin.puppies.list');
    if (!first) throw new Error('admin.puppies.list is missing');
    expect((await callProcedure(first.path, 'query', admin.cookie)).status).not.toBe(403);
    await signIn(t.orm, { username: 'demoted_admin', isAdmin: false });
    expect((await callProcedure(first.path, 'query', admin.cookie)).status).toBe(403);
  });
});
