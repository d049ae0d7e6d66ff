// Whether the built client (dist/client) is older than the sources it is built from: `npm start` after
// a `git pull` then rebuilds instead of serving yesterday's pages.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the client bundle is built from (server-only folders and tests are skipped). */
export const CLIENT_SOURCES = ['src', 'public', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const skip = (p: string) => /[/\\](server|node_modules)$/.test(p) || p.endsWith('route-tree.gen.ts') || /\.test\.tsx?$/.test(p);

function newestMtime(target: string): number {
  if (!existsSync(target) || skip(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** 'missing' without a build, 'stale' when a client source changed after it, else 'fresh'. */
export function clientBuildState(rootDir: string, clientDir: string): 'missing' | 'stale' | 'fresh' {
  const index = path.join(clientDir, 'index.html');
  // The server-rendering bundle is built with it (scripts/build.ts), beside it.
  if (!existsSync(index) || !existsSync(path.join(`${clientDir}-ssr`, 'entry-server.js'))) return 'missing';
  const built = statSync(index).mtimeMs;
  const newest = Math.max(...CLIENT_SOURCES.map((s) => newestMtime(path.join(rootDir, s))));
  return newest > built ? 'stale' : 'fresh';
}
