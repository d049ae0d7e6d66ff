// The public reads every home-page visit makes: the documented /api lists and their tRPC twins. They
// depend on nobody's session, so their serialised answers can be shared (plugins/public-reads.ts).
export const PUBLIC_READ_PROCEDURES: ReadonlySet<string> = new Set([
  'puppies.featured',
  'litters.active',
  'parents.featured',
  'gallery.list',
  'testimonials.featured',
  'settings.get',
]);

export const PUBLIC_READ_PATHS: ReadonlySet<string> = new Set([
  '/api/puppies/featured',
  '/api/litters/active',
  '/api/parents/featured',
  '/api/gallery',
  '/api/testimonials/featured',
  '/api/settings',
]);

/** Whether a GET's URL (path and query) is one of the public reads: a REST path, or a tRPC call or batch of them only. */
export function isPublicRead(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (PUBLIC_READ_PATHS.has(path)) return q === -1;
  if (!path.startsWith('/trpc/')) return false;
  const names = path.slice('/trpc/'.length).split(',');
  return names.length > 0 && names.every((name) => PUBLIC_READ_PROCEDURES.has(name));
}
