// npm test: the whole gate, stage by stage (typecheck, lint, the dependency check and formatting side by side, unit and
// integration tests, the production build, end-to-end journeys), stopping at the first that fails and ending with each stage's time, so a slower suite
// shows where it grew (docs/ci.md keeps these figures).
import { spawn, spawnSync } from 'node:child_process';

type Command = [name: string, command: string, args: string[]];
// Typecheck, lint and knip are each one process on one core: on the 2-core machine they run at once, their output
// printed whole, one after the other, once both are done.
const stages: Array<Command | Command[]> = [
  [
    ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
    // Dependencies as they are used (knip.config.ts): every import declared, every declared package used, and
    // (--strict) what production code imports in dependencies, so `npm ci --omit=dev` installs it.
    ['dependencies (knip)', 'npm', ['run', '--silent', 'deps']],
    // Formatting (.prettierrc.json, width 140): `npm run format` writes it.
    ['formatting (prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ],
  ['unit and integration (vitest)', 'npx', ['vitest', 'run']],
  ['production build', process.execPath, ['scripts/build.ts']],
  ['end-to-end (Playwright)', 'npx', ['playwright', 'test']],
];

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const times: string[] = [];
const started = performance.now();

function captured([name, command, args]: Command): Promise<{ name: string; status: number; output: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ name, status: code ?? 1, output, ms: performance.now() - t0 }));
    child.on('error', (error) => resolve({ name, status: 1, output: String(error), ms: performance.now() - t0 }));
  });
}

function fail(name: string, status: number) {
  console.error(`\n--- ${name} failed (${times.at(-1)})`);
  process.exit(status || 1);
}

for (const stage of stages) {
  if (Array.isArray(stage[0])) {
    const group = stage as Command[];
    console.log(`\n--- ${group.map(([name]) => name).join(' and ')} (side by side)`);
    const results = await Promise.all(group.map(captured));
    for (const r of results) {
      console.log(`\n--- ${r.name}`);
      process.stdout.write(r.output);
      times.push(`${r.name}: ${seconds(r.ms)}`);
    }
    const failed = results.find((r) => r.status !== 0);
    if (failed) fail(failed.name, failed.status);
    continue;
  }
  const [name, command, args] = stage as Command;
  console.log(`\n--- ${name}`);
  const t0 = performance.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  times.push(`${name}: ${seconds(performance.now() - t0)}`);
  if (r.status !== 0) fail(name, r.status ?? 1);
}
console.log(`\n--- stage times\n${times.join('\n')}\nall: ${seconds(performance.now() - started)}`);
