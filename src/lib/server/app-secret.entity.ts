import { defineEntity, p } from '@mikro-orm/core';

/** Secrets the site makes for itself (the key that signs e-mail links), shared by every instance through the database. */
export const AppSecret = defineEntity({
  name: 'AppSecret',
  tableName: 'app_secrets',
  properties: {
    name: p.string().length(50).primary(),
    value: p.string().length(200),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
