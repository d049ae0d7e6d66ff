// Builds the client, then runs the Playwright journeys against the production server.
import { spawnSync } from 'node:child_process';

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(process.execPath, ['scripts/build.ts']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
