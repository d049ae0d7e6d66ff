// Answers that depend on the session are never kept by a browser or proxy cache (Cache-Control: no-store).
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../testing/test-app.ts';
import { signIn, TEST_PASSWORD } from '../testing/auth.ts';

describe('Cache-Control: no-store on session-dependent answers', () => {
  const t = useTestApp();

  it('marks every API answer to a signed-in browser, and the admin and user paths for anyone', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const signedIn = [
      '/api/user',
      '/api/admin/inquiries.csv',
      '/api/admin/subscribers.csv',
      '/trpc/auth.me',
      '/trpc/admin.inquiries.list?input=%7B%7D',
      '/trpc/admin.inquiries.unreadCount',
      '/api/settings',
    ];
    for (const url of signedIn) {
      const res = await get(url, admin.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Without a session: the answers that still depend on it (401/403) are not cached either.
    for (const url of [
      '/api/user',
      '/api/admin/inquiries.csv',
      '/trpc/admin.inquiries.unreadCount',
      '/trpc/auth.me,admin.inquiries.unreadCount?batch=1&input=%7B%7D',
    ]) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A stale cookie is still a cookie the answer depended on.
    expect((await get('/trpc/auth.me', 'sid=stale-token')).headers['cache-control']).toBe('no-store');
    // Logging in answers with the new session cookie.
    await signIn(t.orm, { username: 'cache_owner', isAdmin: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: { username: 'cache_owner', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.cookies.find((c) => c.name === 'sid')?.value).toBeTruthy();

    // Public reads for a visitor keep whatever caching they had: no blanket no-store.
    const visitor = await get('/api/settings');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).not.toBe('no-store');
  });
});
