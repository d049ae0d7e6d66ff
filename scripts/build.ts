// npm run build: the browser bundle (dist/client, or CLIENT_DIR), the server-rendering bundle beside it, then
// the server's own bundle (dist/server, scripts/build-server.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.ts';
import { precompress } from '../src/server/precompress.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const args of [
  ['vite', 'build'],
  ['vite', 'build', '--ssr'],
]) {
  const r = spawnSync('npx', [...args, '--logLevel', 'warn'], { stdio: 'inherit', cwd: root, env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The client's assets, compressed once at the highest settings (the static route sends these forms).
const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(root, 'dist/client');
await precompress(path.join(clientDir, 'assets'));
await buildServer();
