// Public reads answered from their serialised form: strong ETags and 304s, compressed bodies, shared
// only where nobody's session matters, and gone the moment the breeder changes something.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { seedDemoContent } from './seed/seed.ts';
import { isPublicRead } from './public-reads.ts';

describe('public reads', () => {
  const t = useTestApp({ PUBLIC_CACHE_MS: '60000' });
  const admin = { id: 1, username: 'breeder', isAdmin: true };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const lines = (body: string) => body.split('\n').filter((line) => line.trim() !== '');

  it('knows which URLs are public reads: the documented lists and tRPC calls made only of their twins', () => {
    expect(isPublicRead('/api/puppies/featured')).toBe(true);
    expect(isPublicRead('/trpc/puppies.featured')).toBe(true);
    expect(isPublicRead('/trpc/puppies.featured,settings.get?batch=1&input=%7B%7D')).toBe(true);
    expect(isPublicRead('/trpc/puppies.featured,auth.me?batch=1')).toBe(false);
    expect(isPublicRead('/trpc/admin.puppies.list')).toBe(false);
    expect(isPublicRead('/api/admin/inquiries.csv')).toBe(false);
    expect(isPublicRead('/api/puppies/featured?x=1')).toBe(false);
  });

  it('answers a repeated read with the same bytes and a strong ETag, and 304 when the client has them', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const first = await get('/api/puppies/featured');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const second = await get('/api/puppies/featured');
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    // Replayed with the headers the first answer had: the security headers are not lost on the fast path.
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-resource-policy',
    ]) {
      expect(second.headers[name], name).toBeDefined();
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(first.body));

    const unchanged = await get('/api/puppies/featured', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await get('/api/puppies/featured', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('sends the kept answer compressed as the client asks, byte-identical once decoded', async () => {
    const plain = await get('/api/puppies/featured');
    const br = await get('/api/puppies/featured', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/api/puppies/featured', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    // Caches keep one copy per encoding, and are told so once.
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toBe('accept-encoding');
  });

  it('the tRPC twins and batches of them are kept too; a batch with anything private is not', async () => {
    const url = '/trpc/puppies.featured,settings.get?batch=1&input=%7B%7D';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    expect((await get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    const mixed = await get('/trpc/puppies.featured,auth.me?batch=1&input=%7B%7D');
    expect(mixed.statusCode).toBe(200);
    expect(mixed.headers.etag).toBeUndefined();
  });

  it("a request for another format (tRPC's streaming JSONL) is neither kept nor answered from the kept form", async () => {
    // Issue 28: one `trpc-accept: application/jsonl` request stored the streaming format under the URL, and every
    // ordinary client reading that URL within PUBLIC_CACHE_MS was handed lines it cannot parse.
    await seedDemoContent(t.orm.em.fork(), { force: false });
    t.app.services.publicCache.clear();
    const url = '/trpc/settings.get,puppies.featured?batch=1&input=%7B%7D';
    const streaming: Array<Record<string, string>> = [
      { 'trpc-accept': 'application/jsonl' },
      { accept: 'application/jsonl' },
      { accept: 'application/json, application/jsonl' },
    ];
    for (const asks of streaming) {
      const streamed = await get(url, asks);
      expect(streamed.statusCode).toBe(200);
      expect(lines(streamed.body).length, 'JSON lines').toBeGreaterThan(1);
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      const batch = plain.json<Array<{ result: { data: unknown } }>>();
      expect(batch).toHaveLength(2);
      expect(batch[1]!.result.data).toEqual(await t.caller().puppies.featured());
      // Nor is a second streaming request answered from the plain answer now kept.
      expect(lines((await get(url, asks)).body).length, JSON.stringify(asks)).toBeGreaterThan(1);
      t.app.services.publicCache.clear();
    }
    // The kept plain answer tells shared caches everything it varies on: tRPC's own two headers and the encoding.
    const kept = await get(url);
    expect(kept.headers.etag).toBeDefined();
    expect(String(kept.headers.vary).split(/,\s*/).sort()).toEqual(['accept', 'accept-encoding', 'trpc-accept']);
    const replayed = await get(url, { 'accept-encoding': 'br' });
    expect(String(replayed.headers.vary).split(/,\s*/).sort()).toEqual(['accept', 'accept-encoding', 'trpc-accept']);
  });

  it('an admin change drops every kept answer at once: the next read shows it under a new ETag', async () => {
    const before = await get('/api/settings');
    await t.caller(admin).admin.settings.update({ ...(await t.caller().settings.get()), phone: '(719) 555-0177' });
    const after = await get('/api/settings', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().phone).toBe('(719) 555-0177');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
