// Rate-limit counters are shared by every instance: two apps on one database behave as one site. Through Redis
// (REDIS_URL): rate-limit-store.redis.test.ts, run where redis-server is (vitest.config.ts).
import { describe, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { useTestApp, testEnv } from '../../server/testing/test-app.ts';
import { expectSharedBudget } from '../../server/testing/rate-limit.ts';

describe('rate limits across instances', () => {
  const t = useTestApp();

  it('shares one budget through PostgreSQL between two app instances', async () => {
    const second = await buildApp({ orm: t.orm, env: testEnv(), closeOrm: false, logger: false });
    try {
      await expectSharedBudget(t.app, second);
    } finally {
      await second.close();
    }
  });
});
