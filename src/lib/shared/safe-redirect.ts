// Where /auth may send someone after signing in: only a path on this site, so the link cannot be an open redirect.

const BASE = 'http://same-origin.invalid';

/**
 * The same-origin path, search and hash of `value`, or `fallback`. Only a single leading '/' is
 * accepted: '//host', '/\host', schemes and anything a browser would resolve to another origin
 * (tabs and newlines are dropped by URL parsing, so '/\t/host' is '//host') go to the fallback.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to the sign-in page itself would be a loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return fallback;
  return path;
}
