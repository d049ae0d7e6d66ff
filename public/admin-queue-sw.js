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

  // Photos taken without a signal (decision 142): each of the record's files is uploaded first, and the record written
  // again with its URL in the input and the file gone, so none uploads twice; then the post goes with the same key.
  // Answers the input to send, or null when the server refused a file (the record is marked failed).
  async function uploadFiles(request, store) {
    let current = request;
    while (Array.isArray(current.files) && current.files.length) {
      const [file, ...rest] = current.files;
      if (typeof file.uploadUrl !== 'string' || !file.uploadUrl.startsWith('/api/'))
        throw new Error('A queued file has no upload address.');
      const data = new FormData();
      if (file.kind === 'document') data.append('kind', 'document');
      if (file.private) data.append('visibility', 'private');
      data.append('file', new File([file.blob], file.name, { type: file.blob.type }));
      let res;
      try {
        res = await fetch(file.uploadUrl, { method: 'POST', credentials: 'include', headers: { accept: 'application/json' }, body: data });
      } catch {
        throw new Error('Still offline: the queue waits for the next sync.');
      }
      const body = await res.json().catch(() => null);
      if (res.status >= 500 || res.status === 429 || res.status === 408)
        throw new Error(`The server answered ${res.status}: the queue waits for the next sync.`);
      if (!res.ok || !body || typeof body.url !== 'string') {
        const message = body && typeof body.message === 'string' ? body.message : `refused (${res.status})`;
        await done(store('readwrite').put({ ...current, status: 'failed', error: `${file.name}: ${message}` }));
        return null;
      }
      const list = Array.isArray(current.input[file.field]) ? current.input[file.field] : [];
      current = { ...current, input: { ...current.input, [file.field]: [...list, body.url] }, files: rest };
      await done(store('readwrite').put(current));
    }
    return current.input;
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
        const input = await uploadFiles(request, store);
        if (!input) {
          await tellDashboards(stored);
          continue;
        }
        let res;
        try {
          res = await fetch(`/trpc/${request.path}`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
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
