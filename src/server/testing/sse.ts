// Test helper: a tRPC subscription over server-sent events, read as events (live-streams tests, the outage test).
export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads server-sent events from a streaming response; `next(pred)` resolves with the first event matching it. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let closed = false;
  const events: SseEvent[] = [];
  /** Reads what arrives within `ms` (false when nothing did); sets `closed` when the response ended. */
  async function pump(ms: number): Promise<boolean> {
    if (closed) return false;
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      reader.read().catch(() => ({ done: true as const, value: undefined })),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms))),
    ]);
    clearTimeout(timer);
    if (!chunk) return false;
    if (chunk.done) {
      closed = true;
      return false;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) events.push({ event, data: data === '' ? '' : JSON.parse(data) });
    }
    return true;
  }
  return {
    /** The first event (seen or still to come within timeoutMs) matching pred; taken out of the list. */
    async next(pred: (e: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = events.findIndex(pred);
        if (hit >= 0) return events.splice(hit, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0 || closed)
          throw new Error(
            `no matching event within ${timeoutMs} ms${closed ? ' (the stream ended)' : ''}; seen: ${JSON.stringify(events)}`,
          );
        await pump(left);
      }
    },
    /** Resolves once the server has ended the response (rejects after timeoutMs). */
    async ended(timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!closed) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the stream did not end within ${timeoutMs} ms`);
        await pump(left);
      }
    },
    get closed() {
      return closed;
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/** Opens `path` (a tRPC subscription) as `cookie`; resolves with the response (status and headers) and, when 200, its reader past `connected`. */
export async function openStream(base: string, path: string, cookie: string) {
  const res = await fetch(`${base}/trpc/${path}`, { headers: { cookie, accept: 'text/event-stream' } });
  if (res.status !== 200) return { res, sse: null };
  const sse = sseReader(res.body!);
  await sse.next((e) => e.event === 'connected', 10_000);
  return { res, sse };
}
