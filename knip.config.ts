// knip as a dependency check (npm test runs it beside typecheck and lint): every package imported is declared,
// in dependencies when production code imports it, and every package declared is used. Files and exports are
// not checked here (--include in scripts/test.ts): that report is not clean yet, and a noisy check is ignored.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // "!": what production runs (the server, its CLI, the client; package.json's start script is one already), which --production checks
  // imports only what dependencies (not devDependencies) hold.
  entry: [
    'src/server/main.ts!',
    'src/server/cli/*.ts!',
    'src/client/entry-*.tsx!',
    'scripts/*.ts',
    'bench/**/*.ts',
    'e2e/**/*.ts',
    'public/*.js',
  ],
  project: ['src/**/*.{ts,tsx}!', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'public/*.js', '*.ts'],
  // Programs the tests start when the machine has them (media probes, a Redis for the Redis store's tests, Caddy for
  // the deploy recipe's test).
  ignoreBinaries: ['ffmpeg', 'ffprobe', 'redis-server', 'caddy'],
  // pino's pretty printer in development, named as a transport string (src/server/app.ts), never imported.
  ignoreDependencies: ['pino-pretty'],
};

export default config;
