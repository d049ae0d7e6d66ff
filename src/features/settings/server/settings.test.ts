import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';

describe('GET /api/settings and settings.get', () => {
  const t = useTestApp();

  it('creates the settings row with the defaults on a fresh database, even under concurrent first reads', async () => {
    const results = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/settings' }),
      t.app.inject({ method: 'GET', url: '/api/settings' }),
      t.app.inject({ method: 'GET', url: '/trpc/settings.get' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results[0]!.json()).toEqual(DEFAULT_SETTINGS);
    expect(results[2]!.json().result.data).toEqual(DEFAULT_SETTINGS);
    expect(await t.caller().settings.get()).toEqual(DEFAULT_SETTINGS);
  });
});
