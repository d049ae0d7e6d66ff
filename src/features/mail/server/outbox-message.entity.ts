import { defineEntity, p } from '@mikro-orm/core';
import { MAIL_LANES } from '../../../lib/server/mail.ts';

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * An e-mail waiting to be sent (or sent, or given up on). Written in the same transaction as the row
 * that caused it, so an inquiry is never stored without its notification, nor the reverse.
 */
export const OutboxMessage = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    to: p.string().length(254),
    replyTo: p.string().length(254).nullable(),
    subject: p.string().length(300),
    text: p.text(),
    html: p.text().nullable(),
    status: p.enum(OUTBOX_STATUSES).default('queued'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    /** While queued: when a sender may take it next (now, after a back-off, or after a claim's lease). */
    nextAttemptAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
    /** Extra headers (List-Unsubscribe on bulk mail). */
    headers: p.json<Record<string, string>>().nullable(),
    /** A calendar invitation sent with the message (a booking's .ics). */
    calendar: p.json<{ method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string }>().nullable(),
    /** Files sent with it (lib/server/mail.ts MailAttachment), e.g. a sealed contract's PDF. */
    attachments: p.json<Array<{ filename: string; contentType: string; contentBase64: string }>>().nullable().lazy(),
    /** The newsletter this message is one copy of: one per recipient, enforced by the unique index below. */
    newsletterId: p.integer().nullable(),
    /** When a sender last took it: the send rate (MAIL_RATE_PER_MINUTE) counts these. */
    claimedAt: p.datetime().nullable().index(),
    /**
     * The sender (process) holding the claim while it sends; cleared when the attempt is recorded. A restart
     * on the same host releases the claims of its dead processes at once (decision 109).
     */
    claimedBy: p.string().length(200).nullable(),
    /**
     * A newsletter copy's template (outbox_templates, decision 131): its text and HTML are empty here, and the
     * sender fills the template with templateValue (the reader's unsubscribe link) as it claims the copy.
     */
    templateId: p.integer().nullable(),
    templateValue: p.text().nullable(),
    /** Its lane (lib/server/mail.ts MAIL_LANES): the sender takes turns on the lanes, so a flood of one holds up no other. */
    lane: p.enum(MAIL_LANES).default('notification'),
    /**
     * A notification's kind, to its one reader (the breeder): those of one key and address queued within the
     * digest window go as one e-mail (outbox.service.ts, decision 140).
     */
    digestKey: p.string().length(100).nullable(),
  },
  // What every poll asks for: queued messages that are due.
  // And Today's failed e-mails among the sent ones (Migration20261128161000_today_indexes).
  // Each lane's due messages (Migration20261207141000_outbox_lanes), and a digest key's recent ones.
  indexes: [
    { properties: ['nextAttemptAt'], where: { status: 'queued' } },
    {
      name: 'outbox_messages_lane_due_index',
      expression: `create index "outbox_messages_lane_due_index" on "outbox_messages" ("lane", "next_attempt_at") where "status" = 'queued'`,
    },
    {
      name: 'outbox_messages_digest_index',
      expression: `create index "outbox_messages_digest_index" on "outbox_messages" ("digest_key", "to", "sent_at") where "digest_key" is not null`,
    },
    {
      name: 'outbox_messages_failed_index',
      expression: `create index "outbox_messages_failed_index" on "outbox_messages" ("created_at") where "status" = 'failed'`,
    },
  ],
  // Each recipient gets a newsletter once, however many instances or restarts queue it.
  uniques: [{ name: 'outbox_messages_newsletter_recipient_unique', properties: ['newsletterId', 'to'] }],
});
export type IOutboxMessage = InstanceType<typeof OutboxMessage.class>;
