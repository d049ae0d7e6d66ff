// Public reads at the framework's limit: the answer of a public read (plugins/../public-reads.ts) is
// kept serialised, with a strong ETag, its compressed forms and the headers it was first sent with
// (the security headers among them), and replayed from the first onRequest hook straight onto the
// socket: no session lookup, no EntityManager fork, no tRPC pipeline, no header work per request.
// It lives as long as the public cache's entries (PUBLIC_CACHE_MS) and goes with them when an admin
// mutation clears that cache. While the server drains for shutdown, answers take the usual path
// (which tells keep-alive clients to close).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { OutgoingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import { drainingServers } from '../shutdown.ts';
import { isPublicRead } from '../public-reads.ts';

/** One encoding of a kept answer: its bytes and every header to write with them. */
interface Variant {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface Entry {
  expires: number;
  etag: string;
  /** The first answer's own headers (content type, security headers, …), without length or encoding. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  plain?: Variant;
  br?: Variant;
  gzip?: Variant;
  notModified?: OutgoingHttpHeaders;
}

/** Headers that describe one transfer, not the answer: never replayed as they were. */
const PER_TRANSFER = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive', 'set-cookie']);

function variant(entry: Entry, encoding: 'br' | 'gzip' | null): Variant {
  const make = (body: Buffer, contentEncoding?: string): Variant => ({
    body,
    headers: { ...entry.headers, ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}), 'content-length': body.length },
  });
  if (entry.body.length >= COMPRESS_FROM && encoding === 'br')
    return (entry.br ??= make(brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), 'br'));
  if (entry.body.length >= COMPRESS_FROM && encoding === 'gzip') return (entry.gzip ??= make(gzipSync(entry.body, { level: 6 }), 'gzip'));
  return (entry.plain ??= make(entry.body));
}

/** Larger answers are worth compressing (the compress plugin's own threshold). */
const COMPRESS_FROM = 1024;
/** At most this many distinct URLs are kept (tRPC batches can combine the reads in many orders). */
const MAX_ENTRIES = 200;

/** If-None-Match with the weak comparison (W/ ignored), `*` matching anything. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Largest answer kept; anything bigger is passed on as it came. */
const MAX_BODY = 1024 * 1024;

/** The whole answer as bytes: tRPC streams its JSON, REST hands over a string. Null if it cannot be kept. */
async function bodyOf(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (!payload || typeof (payload as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > MAX_BODY) throw new Error('public read answer larger than expected');
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

export function preferred(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = accept.split(',').map((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return { name: name!.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
  });
  const ok = (name: string) => offered.some((o) => o.name === name && o.q > 0);
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * Whether the kept form (the URL's plain JSON answer) is what this request would be answered: tRPC answers
 * a request naming its streaming format (trpc-accept, or application/jsonl in Accept) in JSON lines that an
 * ordinary client cannot parse, under the same URL. Such a request, and any that names a streaming type or
 * a tRPC format this cache does not know, is neither answered from the kept form nor kept: it takes the usual
 * path. The encoding is the only other thing an answer varies on, and each is made from the kept bytes.
 */
export function keepsFormFor(headers: { 'trpc-accept'?: string | string[] | undefined; accept?: string | undefined }): boolean {
  if (headers['trpc-accept'] !== undefined) return false;
  const accept = headers.accept?.toLowerCase();
  return !accept || !(accept.includes('jsonl') || accept.includes('event-stream'));
}

/** A Vary header's names with `name` added once (tRPC's answers already vary on trpc-accept and accept). */
function varyWith(current: unknown, name: string): string {
  const names = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set([...names, name])].join(', ');
}

export default fp(
  async (app) => {
    const cache = app.services.publicCache;
    const entries = new Map<string, Entry>();
    cache.onClear(() => entries.clear());

    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || cache.ttlMs <= 0) return done();
      const hit = entries.get(request.url);
      if (!hit || !keepsFormFor(request.headers)) return done();
      if (hit.expires <= Date.now()) {
        entries.delete(request.url);
        return done();
      }
      if (drainingServers.has(app.server)) return done();
      // Fastify's onResponse hooks (the access log) still see the answer.
      reply.hijack();
      if (etagMatches(request.headers['if-none-match'], hit.etag)) {
        hit.notModified ??= Object.fromEntries(Object.entries(hit.headers).filter(([name]) => !name.startsWith('content-')));
        reply.raw.writeHead(304, hit.notModified);
        reply.raw.end();
      } else {
        const answer = variant(hit, preferred(request.headers['accept-encoding']));
        reply.raw.writeHead(200, answer.headers);
        reply.raw.end(answer.body);
      }
    });

    // A miss is answered as usual; its serialised answer is kept for the next reader (before compression).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || cache.ttlMs <= 0 || !isPublicRead(request.url) || !keepsFormFor(request.headers)) return payload;
      // tRPC answers with a fetch Response: its status and headers become the reply's, its body is read below.
      if (payload instanceof Response) {
        reply.code(payload.status);
        for (const [name, value] of payload.headers) reply.header(name, value);
        payload = Buffer.from(await payload.arrayBuffer());
      }
      if (reply.statusCode !== 200) return payload;
      if (reply.hasHeader('set-cookie') || reply.hasHeader('content-encoding') || entries.has(request.url)) return payload;
      const body = await bodyOf(payload);
      if (!body) return payload;
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      reply.header('ETag', etag).header('Vary', varyWith(reply.getHeader('vary'), 'accept-encoding'));
      if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined && !PER_TRANSFER.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
      entries.set(request.url, { expires: Date.now() + cache.ttlMs, etag, headers, body });
      // The stream has been read: hand on the bytes (the compress plugin still compresses this first answer).
      reply.removeHeader('transfer-encoding');
      return body;
    });
  },
  { name: 'public-reads' },
);
