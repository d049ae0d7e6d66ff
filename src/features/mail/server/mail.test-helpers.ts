// Test helper: a real SMTP server on a random local port that keeps (or refuses) what it is sent.
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Recipients refused so far (each refusal is one delivery attempt). */
  refusals: number;
  /** Refuse every recipient (or only `recipient`) with this code and text from now on (null: accept again). */
  refuseWith(reply: { code: number; message: string; recipient?: string } | null): void;
  /**
   * Holds the next message's reply (the sender waits, mid-send) until release() is called;
   * `arrived` resolves when that message's data is in.
   */
  holdNext(): { arrived: Promise<void>; release: () => void };
  /**
   * Holds the answer to `RCPT TO:<address>` (the sender waits before it has sent any of the message) until
   * release() is called; `arrived` resolves when that command is in.
   */
  holdRecipient(address: string): { arrived: Promise<void>; release: () => void };
  /** Resolves when at least n messages have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  let refusal: { code: number; message: string; recipient?: string } | null = null;
  let hold: { arrived: () => void; released: Promise<void> } | null = null;
  let rcptHold: { address: string; arrived: () => void; released: Promise<void> } | null = null;
  const waiters = new Set<() => void>();
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refusals: 0,
    refuseWith: (reply) => void (refusal = reply),
    holdNext: () => {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((r) => (arrived = r));
      hold = { arrived, released: new Promise<void>((r) => (release = r)) };
      return { arrived: arrivedP, release };
    },
    holdRecipient: (address) => {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((r) => (arrived = r));
      rcptHold = { address: address.toLowerCase(), arrived, released: new Promise<void>((r) => (release = r)) };
      return { arrived: arrivedP, release };
    },
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (state.received.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(state.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} e-mails, got ${state.received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    // No reverse DNS of each client (a second or more where DNS does not answer): the tests time their sends.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const held = rcptHold;
      if (held && held.address === address.address.toLowerCase()) {
        rcptHold = null;
        held.arrived();
        void held.released.then(() => callback());
        return;
      }
      if (!refusal || (refusal.recipient !== undefined && refusal.recipient.toLowerCase() !== address.address.toLowerCase()))
        return callback();
      state.refusals++;
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const held = hold;
        if (held) {
          hold = null;
          held.arrived();
          await held.released;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        state.received.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
        });
        for (const w of [...waiters]) w();
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: that is the test's doing, not the server's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}

// A small MIME reader: enough for what nodemailer writes (multipart/alternative, 7bit, QP, base64).

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = '7bit'): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitHead(raw);
  for (const key of Object.keys(headers)) headers[key] = decodeWords(headers[key]!);
  const parts: Array<{ type: string; content: string }> = [];
  const collect = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const section of b.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const inner = splitHead(section.replace(/^\r\n/, ''));
        collect(inner.headers, inner.body.replace(/\r\n$/, ''));
      }
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(b, h['content-transfer-encoding']).replace(/\r\n/g, '\n') });
  };
  collect(headers, body);
  return {
    headers,
    subject: headers.subject ?? '',
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}
