// Push notifications for both service workers (imported with importScripts): the dashboard's (admin-sw.js, made by
// Workbox, scope /admin) and the families' (account-sw.js, scope /account). Shows a push notification (a title and a
// link, nothing more: RFC 8291 payload decrypted by the browser) and opens its link when tapped. What a push without a
// title or a usable link shows comes from the worker's scope: its default title, and the scope itself as the link.
(() => {
  const TITLES = { '/admin': 'Something new on your dashboard', '/account': 'Something new about your puppy' };
  const scope = new URL(self.registration.scope).pathname.replace(/(.)\/$/, '$1');
  const DEFAULT_URL = scope in TITLES ? scope : '/';
  const DEFAULT_TITLE = TITLES[scope] || 'Something new';

  self.addEventListener('push', (event) => {
    let data;
    try {
      data = event.data ? event.data.json() : {};
    } catch {
      data = {};
    }
    const title = typeof data.title === 'string' && data.title ? data.title : DEFAULT_TITLE;
    const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : DEFAULT_URL;
    event.waitUntil(self.registration.showNotification(title, { data: { url }, icon: '/icons/icon-192.png', badge: '/icons/icon-96.png' }));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL(
      event.notification.data && event.notification.data.url ? event.notification.data.url : DEFAULT_URL,
      self.location.origin,
    ).href;
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((w) => w.url === url);
        return open ? open.focus() : self.clients.openWindow(url);
      }),
    );
  });
})();
