// Imported by the dashboard's service worker (admin-sw.js, made by Workbox): shows a push notification (a title and a
// link, nothing more: RFC 8291 payload decrypted by the browser) and opens its link when tapped.
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Something new on your dashboard';
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/admin';
  event.waitUntil(self.registration.showNotification(title, { data: { url }, icon: '/icons/icon-192.png', badge: '/icons/icon-96.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/admin', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
