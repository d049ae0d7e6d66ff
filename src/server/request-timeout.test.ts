// A request body that stops arriving frees its connection within REQUEST_TIMEOUT_MS; other clients are served meanwhile.
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { buildApp } from './app.ts';
import { useTestApp, testEnv, TEST_ORIGIN } from './testing/test-app.ts';

const LIMIT_MS = 1500;

describe('request timeouts', () => {
  const t = useTestApp();

  it('closes a connection whose body stops half-way within the limit, and answers another client meanwhile', async () => {
    const app = await buildApp({ orm: t.orm, env: testEnv({ REQUEST_TIMEOUT_MS: String(LIMIT_MS) }), closeOrm: false, logger: false });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as net.AddressInfo;
      const body = JSON.stringify({
        name: 'Slow Family',
        email: 'slow@example.com',
        interest: 'available',
        message: 'A message that never finishes arriving.',
      });

      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let response = '';
      socket.on('data', (d) => (response += d));
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      const started = Date.now();
      socket.write(
        `POST /api/inquiries HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nOrigin: ${TEST_ORIGIN}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, body.length / 2)}`,
      );

      // Another visitor is answered while the half-sent request waits.
      const other = await fetch(`http://127.0.0.1:${port}/api/settings`);
      expect(other.status).toBe(200);
      expect(socket.destroyed).toBe(false);

      const closedAt = await closed;
      expect(closedAt - started).toBeGreaterThanOrEqual(LIMIT_MS - 100);
      expect(closedAt - started).toBeLessThan(LIMIT_MS + 2000);
      expect(response).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      // An assertion that failed above must not leave close() waiting on the half-sent request.
      app.server.closeAllConnections();
      await app.close();
    }
  });

  it('keeps generous but finite limits by default', () => {
    const env = testEnv();
    expect(env.REQUEST_TIMEOUT_MS).toBe(15 * 60_000);
    expect(env.SOCKET_IDLE_TIMEOUT_MS).toBe(120_000);
    expect(() => testEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
