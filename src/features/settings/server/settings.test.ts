import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { ensureSettings } from './settings.service.ts';
import { SiteSettingsSchema } from '../settings.schema.ts';

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

describe('settings.get after the breeder edits the row', () => {
  const t = useTestApp();

  it('returns the stored values, only the public fields', async () => {
    const em = t.orm.em.fork();
    const row = await ensureSettings(em);
    row.phone = '(719) 555-0199';
    row.town = 'Palmer Lake, Colorado';
    await em.flush();
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ...DEFAULT_SETTINGS, phone: '(719) 555-0199', town: 'Palmer Lake, Colorado' });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('updatedAt');
    expect(SiteSettingsSchema.parse(body)).toEqual(body);
  });
});
