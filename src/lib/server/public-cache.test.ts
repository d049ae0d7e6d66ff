import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../server/testing/test-app.ts';
import { seedDemoContent } from '../../server/seed/seed.ts';

describe('public read cache', () => {
  const t = useTestApp({ PUBLIC_CACHE_MS: '60000' });
  const admin = { id: 1, username: 'breeder', isAdmin: true };

  it('answers repeated reads from memory and shows an admin change at once', async () => {
    expect(await t.caller().puppies.featured()).toEqual([]);
    // A write that bypasses the admin API is not seen until the entry expires…
    await seedDemoContent(t.orm.em.fork(), { force: false });
    expect(await t.caller().puppies.featured()).toEqual([]);
    // …but any admin mutation clears the cache, so the breeder's change shows at once.
    await t.caller(admin).admin.settings.update({ ...(await t.caller().settings.get()), phone: '(719) 555-0199' });
    const puppies = await t.caller().puppies.featured();
    expect(puppies.length).toBeGreaterThan(0);
    expect((await t.caller().settings.get()).phone).toBe('(719) 555-0199');
  });

  it('shares one pending load between concurrent readers', async () => {
    const [a, b] = await Promise.all([t.caller().litters.active(), t.caller().litters.active()]);
    expect(a).toBe(b);
  });
});
