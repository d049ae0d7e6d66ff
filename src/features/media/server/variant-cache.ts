// Variant cache: the files under the cache directory, indexed in memory (size, ETag, type), the small
// ones also held whole within a budget (least recently used leave first); each file made once however many ask.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { describeCacheFile } from './variant-naming.ts';

// Operation caching keeps files open and memory busy; every variant is rendered once and kept on disk.

/** Small files are also kept in memory: a hot variant is then served without touching the disk. */
const HOT_FILE_MAX_BYTES = 512 * 1024;
const HOT_BUDGET_BYTES = 48 * 1024 * 1024;

/** A file ready to send: its path in the cache, its size and strong ETag, and the bytes when held in memory. */
export interface CachedFile {
  path: string;
  size: number;
  etag: string;
  contentType: string;
  /** Whether the body depends on the Accept header. */
  negotiated: boolean;
  body?: Buffer;
}

function strongEtag(bytes: Buffer | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** strongEtag of bytes whose SHA-256 is already known (as hex): no need to read them again. */
const etagOfSha256 = (hex: string) => `"${Buffer.from(hex, 'hex').toString('base64url').slice(0, 32)}"`;

const tmpNameFor = (file: string) => `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/** Writes to a temporary name in the same directory, then renames: readers never see half a file. */
async function writeAtomically(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = tmpNameFor(file);
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

export class VariantFiles {
  private readonly files = new Map<string, CachedFile>();
  private readonly inflight = new Map<string, Promise<CachedFile>>();
  /** Entries whose bytes are held in memory, least recently used first. */
  private readonly hot = new Map<string, CachedFile>();
  private hotBytes = 0;
  /** The type of an original found on disk (its media id → the row's mime, when known). */
  private readonly originalMime: (id: string) => string | undefined;

  constructor(originalMime: (id: string) => string | undefined) {
    this.originalMime = originalMime;
  }

  /** A known file whose bytes are in memory, moved to the recent end; undefined otherwise. No I/O. */
  held(file: string): { file: CachedFile; body: Buffer } | undefined {
    const entry = this.files.get(file);
    const body = entry?.body;
    if (!entry || !body) return undefined;
    this.hot.delete(entry.path);
    this.hot.set(entry.path, entry);
    return { file: entry, body };
  }

  /** Known file → itself; a file left on disk by an earlier process → indexed; else make it, once. */
  once(file: string, make: () => Promise<CachedFile>): Promise<CachedFile> {
    const known = this.files.get(file);
    if (known) {
      if (known.body) {
        // Refresh its place in the LRU order.
        this.hot.delete(file);
        this.hot.set(file, known);
      }
      return Promise.resolve(known);
    }
    const running = this.inflight.get(file);
    if (running) return running;
    const job = (async () => {
      try {
        const st = await stat(file);
        const { contentType, negotiated } = describeCacheFile(file, this.originalMime);
        if (st.size <= HOT_FILE_MAX_BYTES) {
          const bytes = await readFile(file);
          return this.remember({ path: file, size: bytes.length, etag: strongEtag(bytes), contentType, negotiated }, bytes);
        }
        return this.remember({ path: file, size: st.size, etag: await hashFile(file), contentType, negotiated });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return make();
    })().finally(() => this.inflight.delete(file));
    this.inflight.set(file, job);
    return job;
  }

  /** Makes a file unless it is known or being made (whoever asks for it meanwhile waits for this). */
  async ensure(file: string, make: () => Promise<CachedFile>): Promise<void> {
    if (this.files.has(file) || this.inflight.has(file)) return;
    const job = make().finally(() => this.inflight.delete(file));
    this.inflight.set(file, job);
    await job;
  }

  /** Writes bytes to the cache (atomically) and indexes them. */
  async keepBytes(file: string, bytes: Buffer, contentType: string, negotiated: boolean): Promise<CachedFile> {
    await writeAtomically(file, bytes);
    return this.remember({ path: file, size: bytes.length, etag: strongEtag(bytes), contentType, negotiated }, bytes);
  }

  /** Streams pieces to the cache file (one piece in memory at a time; a small file is also kept in memory). */
  async keepStream(file: string, contentType: string, pieces: AsyncIterable<Buffer>): Promise<CachedFile> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpNameFor(file);
    const hash = createHash('sha256');
    let size = 0;
    let held: Buffer[] | null = [];
    try {
      await pipeline(
        pieces,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const piece of source) {
            hash.update(piece);
            size += piece.length;
            held = held && size <= HOT_FILE_MAX_BYTES ? [...held, piece] : null;
            yield piece;
          }
        },
        createWriteStream(tmp),
      );
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const etag = `"${hash.digest('base64url').slice(0, 32)}"`;
    const body = held ? Buffer.concat(held) : undefined;
    return this.remember({ path: file, size, etag, contentType, negotiated: false }, body);
  }

  /** Copies a file whose SHA-256 is known into the cache, without reading it into memory (unless small). */
  async keepCopy(file: string, contentType: string, source: { file: string; size: number; sha256: string }): Promise<CachedFile> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = tmpNameFor(file);
    try {
      await copyFile(source.file, tmp);
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const body = source.size <= HOT_FILE_MAX_BYTES ? await readFile(file) : undefined;
    return this.remember({ path: file, size: source.size, etag: etagOfSha256(source.sha256), contentType, negotiated: false }, body);
  }

  /** Forgets one file (it vanished from disk); the next request makes it again. */
  drop(file: string): void {
    this.files.delete(file);
  }

  /** Forgets every file under a directory (memory only: the caller removes the directory). */
  dropUnder(dir: string): void {
    const prefix = dir + path.sep;
    for (const key of [...this.files.keys()]) if (key.startsWith(prefix)) this.files.delete(key);
    for (const [key, entry] of [...this.hot]) {
      if (key.startsWith(prefix)) {
        this.hot.delete(key);
        this.hotBytes -= entry.body?.length ?? 0;
      }
    }
  }

  clear(): void {
    this.files.clear();
    this.hot.clear();
    this.hotBytes = 0;
  }

  private remember(entry: CachedFile, bytes?: Buffer): CachedFile {
    this.files.set(entry.path, entry);
    if (bytes && bytes.length <= HOT_FILE_MAX_BYTES) {
      entry.body = bytes;
      this.hot.set(entry.path, entry);
      this.hotBytes += bytes.length;
      for (const [key, evicted] of this.hot) {
        if (this.hotBytes <= HOT_BUDGET_BYTES) break;
        this.hot.delete(key);
        this.hotBytes -= evicted.body?.length ?? 0;
        delete evicted.body;
      }
    }
    return entry;
  }
}
