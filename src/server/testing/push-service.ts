// A local HTTP server playing a browser vendor's push service: it keeps each request and answers with the statuses it is told.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushService() {
  const received: PushRequest[] = [];
  /** Statuses to answer with, in order (then 201); [status, retry-after seconds]. */
  const answers: Array<[number, number?]> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const [status, retryAfter] = answers.shift() ?? [201];
      res.writeHead(status, retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer: (...statuses: Array<[number, number?]>) => answers.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
