// Demo photos for the seed, painted in a short-lived child process (demo-images-child.ts): a first start
// with demo content leaves no image library resident in the server (about 150 MB less, measured by the
// load bench's idle figure). One child serves a whole seeding; `closeDemoPhotos()` lets it go.
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../db.ts';

type Reply = { id: number; bytes: Uint8Array } | { id: number; error: string };

type Pending = Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>;

let child: { painter: ChildProcess; waiting: Pending } | undefined;
let nextId = 0;

function start(): { painter: ChildProcess; waiting: Pending } {
  // Each painter answers only what was asked of it: one let go by a finished seeding may still be exiting
  // when the next seeding starts its own.
  const waiting: Pending = new Map();
  // The child always runs from its source file, also when the server runs from its bundle (dist/server).
  const painter = fork(path.join(ROOT_DIR, 'src/server/seed/demo-images-child.ts'), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  painter.on('message', (reply: Reply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) pending?.reject(new Error(`painting a demo photo failed: ${reply.error}`));
    else pending?.resolve(Buffer.from(reply.bytes));
  });
  painter.on('exit', (code) => {
    if (child?.painter === painter) child = undefined;
    for (const pending of waiting.values()) pending.reject(new Error(`the demo photo process exited (${code})`));
    waiting.clear();
  });
  return { painter, waiting };
}

function paint(index: number, caption: string): Promise<Buffer> {
  const { painter, waiting } = (child ??= start());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    painter.send({ id, index, caption });
  });
}

let painterVersion: string | undefined;

/**
 * Where a painted photo is kept when DEMO_PHOTO_CACHE names a folder (the tests and the e2e server set
 * it: every test file that seeds would otherwise paint the same thirty photos again). The name carries
 * the painter's source, so a changed drawing is painted afresh.
 */
function cachedFile(dir: string, index: number, caption: string): string {
  painterVersion ??= createHash('sha256')
    .update(readFileSync(path.join(ROOT_DIR, 'src/server/seed/demo-images.ts')))
    .digest('hex')
    .slice(0, 16);
  const key = createHash('sha256').update(`${painterVersion}\0${index}\0${caption}`).digest('hex').slice(0, 32);
  return path.join(dir, `${key}.jpg`);
}

/** A 1200 × 900 JPEG placeholder photo with `caption` (see demo-images.ts). */
export async function demoPhoto(index: number, caption: string): Promise<Buffer> {
  const dir = process.env.DEMO_PHOTO_CACHE;
  if (!dir) return paint(index, caption);
  const file = cachedFile(dir, index, caption);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  const bytes = await paint(index, caption);
  await mkdir(dir, { recursive: true });
  // Write then rename: a parallel test file never reads half a photo.
  const tmp = `${file}.${process.pid}.${nextId}`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  return bytes;
}

/** Lets the painter go (it exits once disconnected). */
export function closeDemoPhotos(): void {
  if (child?.painter.connected) child.painter.disconnect();
  child = undefined;
}
