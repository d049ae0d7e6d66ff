// The server as a few files (dist/server/main.js and its lazy chunks): Node then loads a handful of modules at
// start-up instead of about a thousand (kysely alone is 254 files), which is most of what `npm start` spends
// before the database opens (decision 102). Run by `npm run build`, and by `npm start` when server sources
// changed since the last bundle. Tests, the CLI commands and `npm run dev` run the sources directly.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(root, 'dist/server');

// Left to Node's resolution from node_modules, loaded as before:
// - packages with native binaries, or files they find beside their own modules (the embedded database's
//   engine and data), and pg's optional native binding;
// - what the server loads only on first use (mail, newsletters' MJML, Redis, file sniffing), so the bundle
//   changes nothing about when or how they load.
const external = [
  /^node:/,
  'argon2',
  'sharp',
  /^@electric-sql\/pglite/,
  'pg-native',
  'nodemailer',
  /^mjml/,
  'ioredis',
  'file-type',
  'markdown-it',
  'sanitize-html',
];

export async function buildServer() {
  rmSync(SERVER_DIR, { recursive: true, force: true });
  await build({
    input: { main: path.join(root, 'src/server/main.ts') },
    platform: 'node',
    external,
    logLevel: 'warn',
    output: { dir: SERVER_DIR, format: 'esm', sourcemap: true, minify: false },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await buildServer();
