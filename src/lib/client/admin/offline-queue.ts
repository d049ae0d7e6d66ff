// Posts written on the breeder's phone without a signal (issue 34): kept in IndexedDB, shown as "waiting to send",
// and sent when the connection returns. Each keeps one idempotency key across every replay, and the server stores the
// key with the row, so a request sent twice (a retry after a lost answer, two tabs) makes one record.
//
// Two senders share this one queue (decision 124): the open dashboard (on opening and on the `online` event), and the
// dashboard's service worker on a Background Sync event, which the browser fires when the connection returns even
// with every dashboard tab closed (public/admin-queue-sw.js reads the same database, store and record shape). They
// take the same Web Lock, so one sends at a time and the other finds what was sent already gone.
//
// A new kind of post (a care record, ...) is one `enqueue({ key, label, path, input })` call with its own tRPC
// mutation path, whose input carries `idempotencyKey: key` and whose server stores that key with the row.
//
// Photos taken without a signal go with their post (issue 45, decision 142): the record carries them as files (already
// made smaller on the phone), each uploaded first when the connection returns; its stored URL is added to the input's
// list (`field`) and the file dropped from the record in one write, so a pass cut short never uploads a photo twice.
// The post goes last, with the same key: it is stored once, with its photos.
import { openDB, type IDBPDatabase } from 'idb';

export interface QueuedRequest {
  /** The idempotency key, also the procedure input's `idempotencyKey`. */
  key: string;
  /** What the breeder reads in the queue, e.g. "Update for Teddy: Found the water bowl". */
  label: string;
  /** A tRPC mutation path, e.g. 'admin.portal.postUpdate'. */
  path: string;
  input: Record<string, unknown>;
  /** Files to upload before the post (photos taken without a signal); each one's URL joins `input[field]`. */
  files?: QueuedFile[];
  status: 'waiting' | 'failed';
  error?: string;
  createdAt: string;
}

export interface QueuedFile {
  /** The input's list of upload URLs the stored file joins, e.g. 'photos' or 'attachments'. */
  field: string;
  name: string;
  blob: Blob;
  /** The upload endpoint, e.g. '/api/admin/media'. */
  uploadUrl: string;
  kind: 'image' | 'document';
  private: boolean;
}

/** A queue label's text: at most `max` characters, cut between words and ended with an ellipsis when cut. */
export function shortLabel(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  // One very long word is cut where it must be; otherwise at the last space, without a dangling comma or dash.
  const head = space > max / 2 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** Shared with the service worker (public/admin-queue-sw.js): the database, its store, the sync tag and the lock. */
export const QUEUE_DB = 'dashboard-queue';
export const QUEUE_STORE = 'requests';
export const QUEUE_SYNC_TAG = 'dashboard-queue';
export const QUEUE_LOCK = 'dashboard-queue-send';
/** What the service worker posts to the open dashboards after each request it sent or marked failed. */
export const QUEUE_CHANGED_MESSAGE = 'offline-queue-changed';

const CHANGED = 'offline-queue-changed';
let db: Promise<IDBPDatabase> | undefined;
const open = () => (db ??= openDB(QUEUE_DB, 1, { upgrade: (d) => d.createObjectStore(QUEUE_STORE, { keyPath: 'key' }) }));
const changed = () => window.dispatchEvent(new Event(CHANGED));

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void>; getTags(): Promise<string[]> };
}

/**
 * Asks the dashboard's service worker for a Background Sync: the browser wakes it when the connection returns (at once
 * when it already has one), tab open or not. Where the browser has no Background Sync (Firefox, Safari) or there is no
 * worker (the dev server), nothing happens and the open dashboard sends on its `online` event.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration('/admin')) as SyncRegistration | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(QUEUE_SYNC_TAG);
    return true;
  } catch {
    return false; // refused (no permission in this browser): the page still sends on reconnect
  }
}

/** One sender at a time across the tabs and the service worker; without Web Locks, the idempotency key still holds. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(QUEUE_LOCK, work) as Promise<T>) : work();
}

export async function queuedRequests(): Promise<QueuedRequest[]> {
  const all = (await (await open()).getAll(QUEUE_STORE)) as QueuedRequest[];
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function enqueue(request: Omit<QueuedRequest, 'status' | 'createdAt'>) {
  await (await open()).put(QUEUE_STORE, { ...request, status: 'waiting', createdAt: new Date().toISOString() } satisfies QueuedRequest);
  changed();
  void requestBackgroundSync();
}

export async function discard(key: string) {
  await (await open()).delete(QUEUE_STORE, key);
  changed();
}

/** Called on every change of the queue: this page's own, and the service worker's (with how many it stored). */
export function onQueueChange(listener: (storedByWorker?: number) => void) {
  const local = () => listener();
  const fromWorker = (event: MessageEvent) => {
    const data = event.data as { type?: string; stored?: number } | null;
    if (data?.type === QUEUE_CHANGED_MESSAGE) listener(data.stored ?? 0);
  };
  const sw = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  window.addEventListener(CHANGED, local);
  sw?.addEventListener('message', fromWorker);
  return () => {
    window.removeEventListener(CHANGED, local);
    sw?.removeEventListener('message', fromWorker);
  };
}

/** A network failure (no answer at all), as opposed to an answer that refuses the request. */
export const isOffline = (error: unknown) =>
  (typeof navigator !== 'undefined' && !navigator.onLine) ||
  error instanceof TypeError ||
  /Failed to fetch|NetworkError|Load failed/i.test(String((error as Error)?.message ?? ''));

/**
 * Uploads a record's files one at a time. After each, the record is written again with that file's URL in its input and
 * the file gone, so nothing uploads twice. 'later' when there is no answer (or 5xx, 408, 429): the record waits;
 * 'failed' when the server refuses a file (the record is marked failed with its message); else the input to send.
 */
async function uploadFiles(request: QueuedRequest): Promise<{ input: Record<string, unknown> } | 'later' | 'failed'> {
  let current = request;
  while (current.files?.length) {
    const [file, ...rest] = current.files;
    const data = new FormData();
    if (file!.kind === 'document') data.append('kind', 'document');
    if (file!.private) data.append('visibility', 'private');
    data.append('file', new File([file!.blob], file!.name, { type: file!.blob.type }));
    let res: Response;
    try {
      res = await fetch(file!.uploadUrl, { method: 'POST', credentials: 'include', headers: { accept: 'application/json' }, body: data });
    } catch {
      return 'later';
    }
    const body = (await res.json().catch(() => null)) as { url?: string; message?: string } | null;
    if (res.status >= 500 || res.status === 429 || res.status === 408) return 'later';
    if (!res.ok || !body?.url) {
      await (
        await open()
      ).put(QUEUE_STORE, {
        ...current,
        status: 'failed',
        error: `${file!.name}: ${body?.message ?? `refused (${res.status})`}`,
      } satisfies QueuedRequest);
      return 'failed';
    }
    const list = Array.isArray(current.input[file!.field]) ? (current.input[file!.field] as unknown[]) : [];
    current = { ...current, input: { ...current.input, [file!.field]: [...list, body.url] }, files: rest };
    await (await open()).put(QUEUE_STORE, current);
  }
  return { input: current.input };
}

let sending: Promise<number> | undefined;

/** Sends what waits (and, with `retryFailed`, what failed), one at a time; one pass at once. Answers how many were stored. */
export function sendQueued({ retryFailed = false }: { retryFailed?: boolean } = {}): Promise<number> {
  sending ??= exclusively(async () => {
    let stored = 0;
    let later = false;
    try {
      for (const listed of await queuedRequests()) {
        // Read again under the lock: the service worker may have sent it (or marked it) since the list was read.
        const request = (await (await open()).get(QUEUE_STORE, listed.key)) as QueuedRequest | undefined;
        if (!request || (request.status === 'failed' && !retryFailed)) continue;
        const uploaded = await uploadFiles(request);
        if (uploaded === 'later') {
          later = true;
          return stored;
        }
        if (uploaded === 'failed') {
          changed();
          continue;
        }
        let res: Response;
        try {
          res = await fetch(`/trpc/${request.path}`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(uploaded.input),
          });
        } catch {
          later = true;
          return stored; // still offline: everything stays waiting
        }
        const store = await open();
        if (res.ok) {
          await store.delete(QUEUE_STORE, request.key);
          stored++;
        } else if (res.status >= 500 || res.status === 429 || res.status === 408) {
          later = true;
          return stored; // the server is not ready: try again later
        } else {
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          await store.put(QUEUE_STORE, {
            ...request,
            status: 'failed',
            error: body?.error?.message ?? `Refused (${res.status})`,
          } satisfies QueuedRequest);
        }
        changed();
      }
      return stored;
    } finally {
      sending = undefined;
      // What is left waiting goes with the service worker's next sync, should this tab close first.
      if (later) void requestBackgroundSync();
    }
  });
  return sending;
}
