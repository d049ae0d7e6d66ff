// Imported by the dashboard's service worker (admin-sw.js, made by Workbox): Background Sync for the posts the breeder
// wrote without a signal (decision 124). The dashboard keeps them in IndexedDB (src/lib/client/admin/offline-queue.ts:
// database "dashboard-queue", store "requests", one record per request keyed by its idempotency key) and registers the
// sync tag "dashboard-queue"; the browser fires it here when the connection returns, even with every dashboard tab
// closed. The same rules as the page's sender: one request at a time, the stored body unchanged (its idempotency key
// with it), sent → removed, refused (4xx) → marked failed with the server's message, no answer, 5xx, 408 or 429 → left
// waiting and the sync failed, so the browser tries again later. The Web Lock "dashboard-queue-send" keeps the page and
// this worker from sending at the same time.
(() => {
  const DB = 'dashboard-queue';
  const STORE = 'requests';
  const TAG = 'dashboard-queue';
  const LOCK = 'dashboard-queue-send';

  const done = (request) =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

  function openQueue() {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    return done(request);
  }

  async function tellDashboards(stored) {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const w of windows) w.postMessage({ type: 'offline-queue-changed', stored });
  }

  async function replay() {
    const db = await openQueue();
    const store = (mode) => db.transaction(STORE, mode).objectStore(STORE);
    let stored = 0;
    try {
      const all = await done(store('readonly').getAll());
      all.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
      for (const listed of all) {
        const request = await done(store('readonly').get(listed.key));
        if (!request || request.status !== 'waiting' || typeof request.path !== 'string' || !/^[\w.]+$/.test(request.path)) continue;
        let res;
        try {
          res = await fetch(`/trpc/${request.path}`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.input) });
        } catch {
          throw new Error('Still offline: the queue waits for the next sync.');
        }
        if (res.ok) {
          await done(store('readwrite').delete(request.key));
          stored++;
        } else if (res.status >= 500 || res.status === 429 || res.status === 408) {
          throw new Error(`The server answered ${res.status}: the queue waits for the next sync.`);
        } else {
          const body = await res.json().catch(() => null);
          const message = body && body.error && typeof body.error.message === 'string' ? body.error.message : `Refused (${res.status})`;
          await done(store('readwrite').put({ ...request, status: 'failed', error: message }));
        }
        await tellDashboards(stored);
      }
    } finally {
      db.close();
    }
  }

  self.addEventListener('sync', (event) => {
    if (event.tag !== TAG) return;
    const locks = self.navigator && self.navigator.locks;
    event.waitUntil(locks ? locks.request(LOCK, replay) : replay());
  });
})();
