// npm start: build the client when there is no build yet, then run the server.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync(`${process.env.CLIENT_DIR ?? 'dist/client'}/index.html`)) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../src/server/main.ts');
