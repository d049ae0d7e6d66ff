import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';

export const Subscriber = defineEntity({
  name: 'Subscriber',
  tableName: 'subscribers',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Normalised: trimmed and lower-cased, so one address is one subscriber. */
    email: p.string().length(254).unique(),
    name: p.string().length(100).nullable(),
    /** pending until the confirmation link is used (double opt-in); only active subscribers get newsletters. */
    status: p.enum(['pending', 'active', 'unsubscribed'] as const).default('pending'),
    /** Random token of the unsubscribe links sent before links were signed: they keep working. */
    unsubscribeToken: p.string().length(64).unique(),
    /** When the confirmation now outstanding was sent: part of its signed link, and the 30-day clock of a pending address. */
    pendingSince: p.datetime().nullable().index(),
    confirmedAt: p.datetime().nullable(),
    /** How the address consented, as an imported list said (e.g. “Mailchimp signup form”); null when it subscribed here. */
    consentSource: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // The dashboard list's order, so a page is read from the index, not sorted from the table (issue 35).
  indexes: [
    {
      name: 'subscribers_list_order_index',
      expression: 'create index "subscribers_list_order_index" on "subscribers" ("created_at", "id")',
    },
    // Today's unsubscribes of the week (Migration20261128161000_today_indexes).
    {
      name: 'subscribers_unsubscribed_index',
      expression: `create index "subscribers_unsubscribed_index" on "subscribers" ("updated_at") where "status" = 'unsubscribed'`,
    },
    ...trigramIndexes('subscribers', ['email', 'name']),
  ],
});
export type ISubscriber = InstanceType<typeof Subscriber.class>;
