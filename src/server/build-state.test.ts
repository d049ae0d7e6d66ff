// `npm start` rebuilds the client, or the server's bundle, when one of its sources is newer than the build, and only then.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientBuildState, serverBuildState } from './build-state.ts';

describe('build freshness', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  const tree = () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'build-state-'));
    roots.push(root);
    const at = (file: string, seconds: number) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'x');
      utimesSync(path.join(root, file), seconds, seconds);
    };
    return { root, at };
  };

  it('is missing without both bundles, fresh after them, stale once a client source changes', () => {
    const { root, at } = tree();
    const dist = path.join(root, 'dist/client');
    at('src/client/main.tsx', 1000);
    at('src/server/main.ts', 1000);
    expect(clientBuildState(root, dist)).toBe('missing');
    at('dist/client/index.html', 2000);
    // The server-rendering bundle is part of the build: without it the build is not there yet.
    expect(clientBuildState(root, dist)).toBe('missing');
    at('dist/client-ssr/entry-server.js', 2000);
    expect(clientBuildState(root, dist)).toBe('fresh');
    // Server code and tests do not go into the bundle: changing them needs no rebuild.
    at('src/server/main.ts', 3000);
    at('src/features/puppies/server/puppies.service.ts', 3000);
    at('src/client/main.test.ts', 3000);
    expect(clientBuildState(root, dist)).toBe('fresh');
    at('src/features/puppies/client/PuppyCard.tsx', 3000);
    expect(clientBuildState(root, dist)).toBe('stale');
    at('dist/client/index.html', 4000);
    expect(clientBuildState(root, dist)).toBe('fresh');
    at('package-lock.json', 5000);
    expect(clientBuildState(root, dist)).toBe('stale');
  });

  it('rebuilds the server bundle when server code, a migration or the lockfile changed, not for a test', () => {
    const { root, at } = tree();
    const dist = path.join(root, 'dist/server');
    at('src/server/main.ts', 1000);
    at('migrations/Migration1_initial.ts', 1000);
    expect(serverBuildState(root, dist)).toBe('missing');
    at('dist/server/main.js', 2000);
    expect(serverBuildState(root, dist)).toBe('fresh');
    at('src/server/app.test.ts', 3000);
    expect(serverBuildState(root, dist)).toBe('fresh');
    at('src/features/puppies/server/puppies.service.ts', 3000);
    expect(serverBuildState(root, dist)).toBe('stale');
    at('dist/server/main.js', 4000);
    expect(serverBuildState(root, dist)).toBe('fresh');
    at('migrations/Migration2_more.ts', 5000);
    expect(serverBuildState(root, dist)).toBe('stale');
    at('dist/server/main.js', 6000);
    at('package-lock.json', 7000);
    expect(serverBuildState(root, dist)).toBe('stale');
  });
});
