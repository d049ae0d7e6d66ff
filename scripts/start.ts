// npm start: build the client and the server's bundle when there is no build yet or their sources changed
// since, then run the server from its bundle (dist/server/main.js; decision 102).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientBuildState, serverBuildState } from '../src/server/build-state.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The settings `npm run setup` wrote (.env here, or ENV_FILE), under what the environment already says (issue 48).
const envFile = path.resolve(process.env.ENV_FILE ?? '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const clientDir = path.resolve(root, process.env.CLIENT_DIR ?? 'dist/client');
const serverDir = path.join(root, 'dist/server');
const build = (script: string) => {
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const client = clientBuildState(root, clientDir);
if (client !== 'fresh') {
  console.log(client === 'missing' ? 'Building the client (first start)…' : 'Client sources changed since the last build: rebuilding…');
  build('scripts/build.ts');
} else if (serverBuildState(root, serverDir) !== 'fresh') {
  console.log('Server sources changed since the last build: rebuilding the server…');
  build('scripts/build-server.ts');
}
// `npm start` sets NODE_COMPILE_CACHE (package.json), so Node keeps every compiled module, this script's
// included, between starts; run directly, the cache starts here. Stack traces name the bundle's lines
// (unminified; each module under a `//#region` comment naming its source file); NODE_OPTIONS=--enable-source-maps
// names the sources instead, for about a tenth of a second more start-up (docs/deploy.md, Commands).
enableCompileCache();
await import(pathToFileURL(path.join(serverDir, 'main.js')).href);
