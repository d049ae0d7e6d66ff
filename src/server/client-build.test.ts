// `npm start` rebuilds the client when a client source is newer than the build, and only then.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientBuildState } from './client-build.ts';

describe('client build freshness', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (file: string, seconds: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'x');
    utimesSync(path.join(root, file), seconds, seconds);
  };
  const dist = path.join(root, 'dist/client');

  it('is missing without both bundles, fresh after them, stale once a client source changes', () => {
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
});
