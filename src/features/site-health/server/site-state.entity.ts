import { defineEntity, p } from '@mikro-orm/core';

/**
 * The site's own facts about itself, one row per name, shared by every instance: the one-time setup link
 * (`setup`), the go-live items the breeder dismissed (`go-live`), the last backups (`backup`), the public
 * origin the running site was started with (`origin`).
 */
export const SiteState = defineEntity({
  name: 'SiteState',
  tableName: 'site_state',
  properties: {
    name: p.string().length(50).primary(),
    value: p.json<Record<string, unknown>>(),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
