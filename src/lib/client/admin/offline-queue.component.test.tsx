// The offline queue against Chromium's real IndexedDB: what is queued is kept (in the order written, one record per
// idempotency key), listed back as the service worker's store holds it, discarded, and every change announced (this
// page's own, and the service worker's message with how many it stored). A refused post stays failed and is not sent
// again unless asked. Sending to the server when the connection returns, once, is the today journeys' (e2e/today.spec.ts).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openDB } from 'idb';
import {
  discard,
  enqueue,
  isOffline,
  onQueueChange,
  queuedRequests,
  QUEUE_CHANGED_MESSAGE,
  QUEUE_DB,
  QUEUE_STORE,
  sendQueued,
  type QueuedRequest,
} from './offline-queue.ts';

const post = (key: string, text: string) => ({
  key,
  label: `Update for Teddy: ${text}`,
  path: 'admin.portal.postUpdate',
  input: { puppyId: 3, text, idempotencyKey: key },
});

/** The store as another reader of the same database (the dashboard's service worker) sees it. */
async function stored(): Promise<QueuedRequest[]> {
  const db = await openDB(QUEUE_DB);
  try {
    return (await db.getAll(QUEUE_STORE)) as QueuedRequest[];
  } finally {
    db.close();
  }
}

async function empty() {
  for (const r of await queuedRequests()) await discard(r.key);
}

describe('offline queue', () => {
  beforeEach(empty);
  afterEach(empty);

  test('a queued post is kept in IndexedDB as waiting, with its key, path and input, and listed in the order written', async () => {
    await enqueue(post('key-first-0001', 'Found the water bowl'));
    await enqueue(post('key-second-002', 'Slept all night'));
    const list = await queuedRequests();
    expect(list.map((r) => [r.key, r.status])).toEqual([
      ['key-first-0001', 'waiting'],
      ['key-second-002', 'waiting'],
    ]);
    expect(list[0]).toMatchObject({
      label: 'Update for Teddy: Found the water bowl',
      path: 'admin.portal.postUpdate',
      input: { puppyId: 3, text: 'Found the water bowl', idempotencyKey: 'key-first-0001' },
    });
    expect(Date.parse(list[0].createdAt)).toBeLessThanOrEqual(Date.parse(list[1].createdAt));
    // The same records, as the service worker reads them.
    expect((await stored()).map((r) => r.key).sort()).toEqual(['key-first-0001', 'key-second-002']);
  });

  test('a post queued again under its key stays one record', async () => {
    await enqueue(post('key-same-00001', 'First words'));
    await enqueue(post('key-same-00001', 'First words, edited'));
    const list = await queuedRequests();
    expect(list).toHaveLength(1);
    expect(list[0].input.text).toBe('First words, edited');
  });

  test('discard removes only that post', async () => {
    await enqueue(post('key-keep-00001', 'Keep me'));
    await enqueue(post('key-drop-00001', 'Drop me'));
    await discard('key-drop-00001');
    expect((await queuedRequests()).map((r) => r.key)).toEqual(['key-keep-00001']);
  });

  test('every change is announced: queued and discarded here, and the service worker’s message with what it stored', async () => {
    const listener = vi.fn();
    const stop = onQueueChange(listener);
    await enqueue(post('key-told-00001', 'Tell them'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith();
    await discard('key-told-00001');
    expect(listener).toHaveBeenCalledTimes(2);
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: QUEUE_CHANGED_MESSAGE, stored: 2 } }));
    expect(listener).toHaveBeenLastCalledWith(2);
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    await enqueue(post('key-told-00002', 'After stopping'));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  test('a refused post stays failed with its reason: a send pass leaves it unsent', async () => {
    // Marked failed as a refused send leaves it (the shape the page and the service worker both write).
    const db = await openDB(QUEUE_DB);
    await db.put(QUEUE_STORE, {
      ...post('key-failed-0001', 'Too long'),
      status: 'failed',
      error: 'Please keep an update under 2,000 characters.',
      createdAt: new Date().toISOString(),
    } satisfies QueuedRequest);
    db.close();
    expect(await sendQueued()).toBe(0);
    expect(await queuedRequests()).toMatchObject([
      { key: 'key-failed-0001', status: 'failed', error: 'Please keep an update under 2,000 characters.' },
    ]);
  });

  test('no answer at all is "offline"; an answer that refuses is not', () => {
    expect(isOffline(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOffline(new Error('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isOffline(new Error('Load failed'))).toBe(true);
    expect(isOffline(new Error('Please keep an update under 2,000 characters.'))).toBe(false);
  });
});
