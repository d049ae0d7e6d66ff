// Starts the production server for end-to-end tests on a fresh embedded database with demo content.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const port = process.env.PORT ?? '3199';
process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'doodle-e2e-'));
process.env.APP_ORIGIN = `http://127.0.0.1:${port}`;
process.env.HOST = '127.0.0.1';
process.env.NODE_ENV = 'production';
// Every journey comes from 127.0.0.1: scale the per-address budgets so journeys don't throttle each other.
process.env.RATE_LIMIT_FACTOR = process.env.RATE_LIMIT_FACTOR ?? '50';
// The demo photos are painted once and reused by every later e2e start (src/server/seed/demo-photos.ts).
process.env.DEMO_PHOTO_CACHE = process.env.DEMO_PHOTO_CACHE ?? fileURLToPath(new URL('../.tmp/demo-photos', import.meta.url));
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
process.env.ADMIN_USERNAME = process.env.ADMIN_USERNAME ?? 'breeder';
process.env.ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'golden-meadow-2026';
// The server's bundle, as `npm start` runs it (scripts/e2e.ts builds it first).
await import(new URL('../dist/server/main.js', import.meta.url).href);
