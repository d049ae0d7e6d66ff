import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { seedDemoContent } from '../../../server/seed/seed.ts';

describe('GET /api/puppies/featured and /api/litters/active', () => {
  const t = useTestApp();

  it('answers empty lists on an empty database', async () => {
    const puppies = await t.app.inject({ method: 'GET', url: '/api/puppies/featured' });
    expect(puppies.statusCode).toBe(200);
    expect(puppies.json()).toEqual([]);
    const litters = await t.app.inject({ method: 'GET', url: '/api/litters/active' });
    expect(litters.json()).toEqual([]);
  });

  it('lists visible, unsold puppies with every SPEC field, the same through REST and tRPC', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/puppies/featured' });
    expect(res.statusCode).toBe(200);
    const puppies = res.json() as Array<Record<string, unknown>>;
    expect(puppies.length).toBeGreaterThan(0);
    expect(puppies.every((p) => p.status !== 'sold')).toBe(true);
    expect(Object.keys(puppies[0]!).sort()).toEqual(
      [
        'id',
        'name',
        'gender',
        'color',
        'description',
        'imageUrl',
        'litterId',
        'status',
        'generation',
        'weight',
        'price',
        'assessmentComplete',
        'energyLevel',
        'confidence',
        'independence',
        'sociability',
        'foodMotivation',
        'toyDrive',
        'biddability',
        'handlingResponse',
        'soundSensitivity',
        'visualSensitivity',
        'personalityNotes',
        'trainingProgress',
        'idealHome',
        // Beyond SPEC §3: every photo in order (the first is imageUrl) and an optional video.
        'photos',
        'videoUrl',
      ].sort(),
    );
    const viaTrpc = await t.caller().puppies.featured();
    expect(viaTrpc).toEqual(puppies);
    const http = await t.app.inject({ method: 'GET', url: '/trpc/puppies.featured' });
    expect(http.json().result.data).toEqual(puppies);
  });

  it('lists active litters, born and expected, with YYYY-MM-DD dates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/litters/active' });
    const litters = res.json() as Array<{ birthDate: string | null; expectedDate: string | null; motherName: string }>;
    expect(litters).toHaveLength(2);
    expect(litters.filter((l) => l.birthDate === null)).toHaveLength(1);
    for (const l of litters) {
      if (l.birthDate) expect(l.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(l.motherName).toBeTruthy();
    }
  });

  // An unknown page is the routes' business: pages.test.ts renders them as the build does (404 and its head).
  it('answers an unknown /api path with a JSON 404, and the home page as HTML with its head', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>');
    expect(home.body).toContain('og:image');
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('refuses a malformed tRPC input with 400 and no stack; a query is not a mutation (405)', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: `/trpc/puppies.featured?input=${encodeURIComponent('{not json')}` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.data.code).toBe('BAD_REQUEST');
    expect(malformed.json().error.data.stack).toBeUndefined();
    const batch = await t.app.inject({ method: 'GET', url: `/trpc/puppies.featured?batch=1&input=${encodeURIComponent('{"0":')}` });
    expect(batch.statusCode).toBe(400);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/trpc/puppies.featured',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{}',
    });
    expect(posted.statusCode).toBe(405);
  });
});
