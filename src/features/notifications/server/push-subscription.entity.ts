import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../auth/server/user.entity.ts';
import type { NotifyTopic } from '../../../lib/server/notify.ts';

/** One device's Web Push subscription (the browser's endpoint and keys), its account, and the topics it chose. */
export const PushSubscription = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** The push service's URL for this device: one device, one row (the account that registered it keeps it; another is refused). */
    endpoint: p.string().length(1000).unique(),
    /** The device's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: p.string().length(200),
    auth: p.string().length(100),
    topics: p.json<NotifyTopic[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSentAt: p.datetime().nullable(),
  },
});
export type IPushSubscription = InstanceType<typeof PushSubscription.class>;
