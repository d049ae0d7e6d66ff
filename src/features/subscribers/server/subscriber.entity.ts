import { defineEntity, p } from '@mikro-orm/core';

export const Subscriber = defineEntity({
  name: 'Subscriber',
  tableName: 'subscribers',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Normalised: trimmed and lower-cased, so one address is one subscriber. */
    email: p.string().length(254).unique(),
    name: p.string().length(100).nullable(),
    status: p.enum(['active', 'unsubscribed'] as const).default('active'),
    /** Random token for the one-click unsubscribe link. */
    unsubscribeToken: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ISubscriber = InstanceType<typeof Subscriber.class>;
