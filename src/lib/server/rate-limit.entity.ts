import { defineEntity, p } from '@mikro-orm/core';

/** Fixed-window counters shared by every instance through the database. */
export const RateLimitCounter = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limits',
  properties: {
    key: p.string().length(200).primary(),
    count: p.integer().default(0),
    resetAt: p.datetime().index(),
  },
});
