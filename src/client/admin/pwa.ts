// The dashboard as an installed app: its service worker (admin-sw.js, made by vite-plugin-pwa) registered from the
// dashboard only, and the private cache it keeps for offline reading, deleted when the breeder signs out.
export const PRIVATE_CACHE = 'admin-private';

/** Registers the dashboard's service worker (scope /admin); the production build has one, the dev server none. */
export async function registerDashboardWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/admin-sw.js', { scope: '/admin' });
  return wb.register();
}

/** The dashboard's pages kept for opening offline: rendered for the admin, they carry her name (decision 126). */
export const SHELL_CACHE = 'admin-shell';

/** Signing out: the last answers kept for offline reading (the account, Today) and the pages go with the session. */
export async function clearPrivateCaches() {
  if (typeof caches !== 'undefined') await Promise.all([PRIVATE_CACHE, SHELL_CACHE].map((name) => caches.delete(name).catch(() => false)));
}
