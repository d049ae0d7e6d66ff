// The messages benchmark's 200 open subscriptions, in a process of their own so the server's resident memory is
// measured without them: node bench/lib/sse-clients.ts <url> <cookie> <count>. Prints "ready" once every stream
// has its `connected` event, then "arrived <messageId> <epoch ms>" for each message each stream receives; exits
// when stdin closes.
const [url, cookie, countArg] = process.argv.slice(2);
const count = Number(countArg);
if (!url || !cookie || !(count > 0)) {
  console.error('usage: sse-clients.ts <url> <cookie> <count>');
  process.exit(2);
}

const now = () => performance.timeOrigin + performance.now();
const controllers: AbortController[] = [];
const lines: string[] = [];
let flushing = false;
// Arrivals are written in batches: 200 writes per message would cost the clients more than the reading.
const emit = (line: string) => {
  lines.push(line);
  if (flushing) return;
  flushing = true;
  setImmediate(() => {
    flushing = false;
    process.stdout.write(`${lines.splice(0).join('\n')}\n`);
  });
};

async function subscribe(): Promise<void> {
  const ac = new AbortController();
  controllers.push(ac);
  let res = await fetch(url!, { headers: { cookie: cookie! }, signal: ac.signal });
  // A burst of openings may find the pool busy (503 with Retry-After): again after it, as a browser's EventSource would.
  for (let attempt = 0; res.status === 503 && attempt < 20; attempt++) {
    await new Promise((r) => setTimeout(r, 1000 * Math.min(5, Number(res.headers.get('retry-after') ?? 1))));
    res = await fetch(url!, { headers: { cookie: cookie! }, signal: ac.signal });
  }
  if (!res.ok || !res.body) throw new Error(`subscription answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let connected: () => void = () => undefined;
  const isConnected = new Promise<void>((resolve) => (connected = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: connected')) connected();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = data ? (JSON.parse(data) as { messageId?: number }).messageId : undefined;
          if (id) emit(`arrived ${id} ${at}`);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await isConnected;
}

process.stdin.resume();
process.stdin.on('end', () => {
  controllers.forEach((c) => c.abort());
  process.exit(0);
});
try {
  await Promise.all(Array.from({ length: count }, subscribe));
  emit(`ready ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
