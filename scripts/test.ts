// npm test: the whole gate, stage by stage (typecheck, lint, unit and integration tests, the production
// build, end-to-end journeys), stopping at the first that fails and ending with each stage's time, so a
// slower suite shows where it grew (README's "Test it" keeps these figures).
import { spawnSync } from 'node:child_process';

const stages: Array<[name: string, command: string, args: string[]]> = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['unit and integration (vitest)', 'npx', ['vitest', 'run']],
  ['production build', process.execPath, ['scripts/build.ts']],
  ['end-to-end (Playwright)', 'npx', ['playwright', 'test']],
];

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const times: string[] = [];
const started = performance.now();
for (const [name, command, args] of stages) {
  console.log(`\n--- ${name}`);
  const t0 = performance.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  times.push(`${name}: ${seconds(performance.now() - t0)}`);
  if (r.status !== 0) {
    console.error(`\n--- ${name} failed (${times.at(-1)})`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n--- stage times\n${times.join('\n')}\nall: ${seconds(performance.now() - started)}`);
