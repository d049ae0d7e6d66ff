// The bench's live-message clients in a process of their own (bench/messages.ts), so the server's resident
// memory is measured without them: opens N server-sent-event streams to a tRPC subscription, says "ready" on
// stdout once all are connected, and on "report" from stdin prints every message id's arrival times
// (performance.timeOrigin + now(), comparable across processes) as one JSON line, then exits.
import readline from 'node:readline';

const [url, cookie, countText] = process.argv.slice(2);
const count = Number(countText);
const now = () => performance.timeOrigin + performance.now();
const arrivals: Record<number, number[]> = {};
const controllers: AbortController[] = [];

async function open(): Promise<void> {
  const ac = new AbortController();
  controllers.push(ac);
  const res = await fetch(url!, { headers: { cookie: cookie! }, signal: ac.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let connected: () => void = () => undefined;
  const isConnected = new Promise<void>((r) => (connected = r));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: connected')) connected();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = data ? (JSON.parse(data) as { messageId?: number }).messageId : undefined;
          if (id) (arrivals[id] ??= []).push(now());
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await isConnected;
}

await Promise.all(Array.from({ length: count }, open));
process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line.trim() === 'report') {
    process.stdout.write(`${JSON.stringify(arrivals)}\n`);
    controllers.forEach((c) => c.abort());
    process.exit(0);
  }
}
