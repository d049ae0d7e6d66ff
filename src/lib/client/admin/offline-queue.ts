// Posts written on the breeder's phone without a signal (issue 34): kept in IndexedDB, shown as "waiting to send",
// and sent when the connection returns. Each keeps one idempotency key across every replay, and the server stores the
// key with the row, so a request sent twice (a retry after a lost answer, two tabs) makes one record.
import { openDB, type IDBPDatabase } from 'idb';

export interface QueuedRequest {
  /** The idempotency key, also the procedure input's `idempotencyKey`. */
  key: string;
  /** What the breeder reads in the queue, e.g. "Update for Teddy: Found the water bowl". */
  label: string;
  /** A tRPC mutation path, e.g. 'admin.portal.postUpdate'. */
  path: string;
  input: Record<string, unknown>;
  status: 'waiting' | 'failed';
  error?: string;
  createdAt: string;
}

const CHANGED = 'offline-queue-changed';
let db: Promise<IDBPDatabase> | undefined;
const open = () => (db ??= openDB('dashboard-queue', 1, { upgrade: (d) => d.createObjectStore('requests', { keyPath: 'key' }) }));
const changed = () => window.dispatchEvent(new Event(CHANGED));

export async function queuedRequests(): Promise<QueuedRequest[]> {
  const all = (await (await open()).getAll('requests')) as QueuedRequest[];
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function enqueue(request: Omit<QueuedRequest, 'status' | 'createdAt'>) {
  await (await open()).put('requests', { ...request, status: 'waiting', createdAt: new Date().toISOString() } satisfies QueuedRequest);
  changed();
}

export async function discard(key: string) {
  await (await open()).delete('requests', key);
  changed();
}

export function onQueueChange(listener: () => void) {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}

/** A network failure (no answer at all), as opposed to an answer that refuses the request. */
export const isOffline = (error: unknown) => (typeof navigator !== 'undefined' && !navigator.onLine) || error instanceof TypeError || /Failed to fetch|NetworkError|Load failed/i.test(String((error as Error)?.message ?? ''));

let sending: Promise<number> | undefined;

/** Sends what waits (and, with `retryFailed`, what failed), one at a time; one pass at once. Answers how many were stored. */
export function sendQueued({ retryFailed = false }: { retryFailed?: boolean } = {}): Promise<number> {
  sending ??= (async () => {
    let stored = 0;
    try {
      for (const request of await queuedRequests()) {
        if (request.status === 'failed' && !retryFailed) continue;
        let res: Response;
        try {
          res = await fetch(`/trpc/${request.path}`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.input) });
        } catch {
          return stored; // still offline: everything stays waiting
        }
        const store = await open();
        if (res.ok) {
          await store.delete('requests', request.key);
          stored++;
        } else if (res.status >= 500 || res.status === 429 || res.status === 408) {
          return stored; // the server is not ready: try again later
        } else {
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          await store.put('requests', { ...request, status: 'failed', error: body?.error?.message ?? `Refused (${res.status})` } satisfies QueuedRequest);
        }
        changed();
      }
      return stored;
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}
