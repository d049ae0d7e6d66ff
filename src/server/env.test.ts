import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EnvSchema, EnvError, loadEnv } from './env.ts';
import { ROOT_DIR } from './db.ts';

describe('settings', () => {
  it('.env.example lists exactly the settings env.ts reads', () => {
    const example = readFileSync(path.join(ROOT_DIR, '.env.example'), 'utf8');
    const keys = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    const internal = ['CLIENT_DIR']; // build plumbing for parallel test runs, not a deployment setting
    expect(keys).toEqual(
      Object.keys(EnvSchema.shape)
        .filter((k) => !internal.includes(k))
        .sort(),
    );
  });

  it('defaults to port 3000 and the embedded database', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('./data');
  });

  it('names the bad setting in one line', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
  });
});
