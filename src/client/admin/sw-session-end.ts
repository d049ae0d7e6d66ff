// A Workbox plugin on the dashboard service worker's cached routes (vite.config.ts, runtimeCaching): an answer of
// 401 means the session ended (signed out on another device, expired, revoked), so the private caches kept for
// offline reading go at once, not only when this device's Sign out button is used. Workbox writes the plugin's
// source into admin-sw.js (workbox-build stringifies runtimeCaching plugins): it must use nothing from outside
// itself, hence the cache names spelled here (src/client/admin/pwa.ts PRIVATE_CACHE and SHELL_CACHE; a test
// checks they agree).
export const dropPrivateCachesOn401 = {
  fetchDidSucceed: async ({ response }: { response: Response }): Promise<Response> => {
    if (response.status === 401) await Promise.all(['admin-private', 'admin-shell'].map((name) => caches.delete(name)));
    return response;
  },
};
