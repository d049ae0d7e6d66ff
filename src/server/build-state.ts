// Whether the builds `npm start` runs (the client in dist/client, the server's bundle in dist/server) are
// older than the sources they are built from: `npm start` after a `git pull` then rebuilds instead of
// serving yesterday's pages or running yesterday's server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type BuildState = 'missing' | 'stale' | 'fresh';

/** What the client bundle is built from (server-only folders and tests are skipped). */
export const CLIENT_SOURCES = ['src', 'public', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
/** What the server bundle is built from (tests skipped; client code changes rebuild it too, which is cheap). */
export const SERVER_SOURCES = ['src', 'migrations', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.ts'];

const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const skipForClient = (p: string) => /[/\\](server|node_modules)$/.test(p) || p.endsWith('route-tree.gen.ts') || isTest(p);
const skipForServer = (p: string) => /[/\\]node_modules$/.test(p) || isTest(p);

function newestMtime(target: string, skip: (p: string) => boolean): number {
  if (!existsSync(target) || skip(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry), skip));
  return newest;
}

function state(rootDir: string, built: string[], sources: string[], skip: (p: string) => boolean): BuildState {
  if (!built.every((file) => existsSync(file))) return 'missing';
  const builtAt = statSync(built[0]!).mtimeMs;
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(rootDir, s), skip)));
  return newest > builtAt ? 'stale' : 'fresh';
}

/** 'missing' without a build, 'stale' when a client source changed after it, else 'fresh'. */
export function clientBuildState(rootDir: string, clientDir: string): BuildState {
  // The server-rendering bundle is built with it (scripts/build.ts), beside it.
  return state(
    rootDir,
    [path.join(clientDir, 'index.html'), path.join(`${clientDir}-ssr`, 'entry-server.js')],
    CLIENT_SOURCES,
    skipForClient,
  );
}

/** The server's bundle (scripts/build-server.ts): 'missing', 'stale' once a server source changed, else 'fresh'. */
export function serverBuildState(rootDir: string, serverDir: string): BuildState {
  return state(rootDir, [path.join(serverDir, 'main.js')], SERVER_SOURCES, skipForServer);
}
