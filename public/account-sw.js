// The families' service worker (scope /account, registered from My Family when a family turns a notification on):
// shows a push notification and opens its link when tapped (public/push-sw.js, shared with the dashboard's worker;
// a push without a usable title or link shows "Something new about your puppy" and opens /account). It has no fetch
// handler and caches nothing: My Family is never read from this device offline.
self.importScripts('/push-sw.js');
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
