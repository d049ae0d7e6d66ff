// The dashboard worker's 401 rule (sw-session-end.ts) as admin-sw.js gets it: the plugin stringified the way
// workbox-build writes runtimeCaching plugins into the generated worker, then run against a Cache Storage with
// the dashboard's caches. A 401 drops the private caches (and nothing else); any other answer keeps them.
import { describe, expect, it } from 'vitest';
import { stringifyWithoutComments } from 'workbox-build/build/lib/stringify-without-comments.js';
import { dropPrivateCachesOn401 } from './sw-session-end.ts';
import { PRIVATE_CACHE, SHELL_CACHE } from './pwa.ts';

/** The browser's CacheStorage as far as the worker uses it: named caches that can be deleted. */
function cacheStorage(names: string[]) {
  const open = new Set(names);
  return { names: () => [...open].sort(), delete: async (name: string) => open.delete(name) };
}

/** The plugin as the generated worker holds it: its source text, evaluated with nothing in scope but `caches`. */
function asInWorker(caches: ReturnType<typeof cacheStorage>) {
  const source = stringifyWithoutComments(dropPrivateCachesOn401);
  return new Function('caches', `return (${source});`)(caches) as typeof dropPrivateCachesOn401;
}

describe('the dashboard worker drops its private caches when a request comes back 401', () => {
  it('names the caches pwa.ts names', () => {
    const source = stringifyWithoutComments(dropPrivateCachesOn401);
    for (const name of [PRIVATE_CACHE, SHELL_CACHE]) expect(source).toMatch(new RegExp(`['"]${name}['"]`));
  });

  it('a 401 deletes admin-private and admin-shell, keeps admin-static, and passes the answer on', async () => {
    const caches = cacheStorage([PRIVATE_CACHE, SHELL_CACHE, 'admin-static']);
    const answer = new Response('{"error":{"message":"Please sign in first."}}', { status: 401 });
    expect(await asInWorker(caches).fetchDidSucceed({ response: answer })).toBe(answer);
    expect(caches.names()).toEqual(['admin-static']);
  });

  it('any other answer (200, 403, 500) keeps every cache', async () => {
    const caches = cacheStorage([PRIVATE_CACHE, SHELL_CACHE, 'admin-static']);
    for (const status of [200, 403, 500]) await asInWorker(caches).fetchDidSucceed({ response: new Response('{}', { status }) });
    expect(caches.names()).toEqual(['admin-private', 'admin-shell', 'admin-static']);
  });
});
