import { defineEntity, p } from '@mikro-orm/core';
import { NEWSLETTER_STATUSES, type Audience } from '../newsletters.schema.ts';
import { mediaReference } from '../../../lib/server/media-references.ts';

/**
 * A newsletter: composed as a draft, then sent now or at scheduledAt. Sending queues one outbox message
 * per recipient (outbox_messages.newsletter_id); the status is `sending` until every recipient is queued.
 */
export const Newsletter = defineEntity({
  name: 'Newsletter',
  tableName: 'newsletters',
  properties: {
    id: p.integer().primary().autoincrement(),
    subject: p.string().length(200),
    preheader: p.string().length(200).default(''),
    body: p.text(),
    audience: p.json<Audience>(),
    status: p.enum(NEWSLETTER_STATUSES).default('draft'),
    scheduledAt: p.datetime().nullable(),
    /** When every recipient was queued. */
    sentAt: p.datetime().nullable(),
    recipientCount: p.integer().default(0),
    /** Failed messages the breeder dismissed (their outbox rows are gone). */
    dismissedCount: p.integer().default(0),
    /** The blog post it was published as (an id in the articles feature, no foreign key across features). */
    articleId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // What the sender's poll asks for: scheduled newsletters that are due, and sends that were interrupted.
  indexes: [
    {
      name: 'newsletters_list_order_index',
      expression: 'create index "newsletters_list_order_index" on "newsletters" ("created_at", "id")',
    },
    { properties: ['scheduledAt'], where: { status: { $in: ['scheduled', 'sending'] } } },
  ],
});
export type INewsletter = InstanceType<typeof Newsletter.class>;

/** Photos in a newsletter's body stay while it exists: sent copies show them from the site. */
export const newsletterMediaRefs = mediaReference(Newsletter, ['body']);
