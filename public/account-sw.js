// The families' service worker (scope /account, registered from My Family when a family turns a notification on):
// shows a push notification (a title and a link, nothing more: RFC 8291 payload decrypted by the browser) and opens
// its link when tapped. It has no fetch handler and caches nothing: My Family is never read from this device offline.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Something new about your puppy';
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/account';
  event.waitUntil(self.registration.showNotification(title, { data: { url }, icon: '/icons/icon-192.png', badge: '/icons/icon-96.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/account', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
