// Public reads at the framework's limit: the answer of a public read (plugins/../public-reads.ts) is
// kept serialised, with a strong ETag and its compressed forms, and served from onRequest: no
// session lookup, no EntityManager fork, no tRPC pipeline. It lives as long as the public cache's
// entries (PUBLIC_CACHE_MS) and goes with them when an admin mutation clears that cache.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import { isPublicRead } from '../public-reads.ts';

interface Entry {
  expires: number;
  etag: string;
  contentType: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
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

export default fp(
  async (app) => {
    const cache = app.services.publicCache;
    const entries = new Map<string, Entry>();
    cache.onClear(() => entries.clear());

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || cache.ttlMs <= 0 || !isPublicRead(request.url)) return;
      const hit = entries.get(request.url);
      if (!hit) return;
      if (hit.expires <= Date.now()) {
        entries.delete(request.url);
        return;
      }
      reply.header('ETag', hit.etag).header('Vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
      reply.type(hit.contentType);
      if (hit.body.length >= COMPRESS_FROM) {
        const encoding = preferred(request.headers['accept-encoding']);
        if (encoding === 'br') {
          hit.br ??= brotliCompressSync(hit.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
          return reply.header('Content-Encoding', 'br').send(hit.br);
        }
        if (encoding === 'gzip') {
          hit.gzip ??= gzipSync(hit.body, { level: 6 });
          return reply.header('Content-Encoding', 'gzip').send(hit.gzip);
        }
      }
      return reply.send(hit.body);
    });

    // A miss is answered as usual; its serialised answer is kept for the next reader (before compression).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || cache.ttlMs <= 0 || !isPublicRead(request.url)) return payload;
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
      entries.set(request.url, {
        expires: Date.now() + cache.ttlMs,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body,
      });
      reply.header('ETag', etag).header('Vary', 'accept-encoding');
      // The stream has been read: hand on the bytes (the compress plugin still compresses this first answer).
      reply.removeHeader('transfer-encoding');
      return body;
    });
  },
  { name: 'public-reads', dependencies: ['security'] },
);
