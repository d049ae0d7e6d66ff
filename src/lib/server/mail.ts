// The e-mail outbox as features see it: queue a message with a write, and escape text for HTML bodies.
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The sender's lanes (issue 44, decision 140), each its own queue taken in turn: account mail (address checks,
 * confirmations, sign-in links), sale mail (contracts, receipts, invitations), notifications (to the breeder and
 * to families) and newsletters. A flood in one lane holds up another by one message at most.
 */
export const MAIL_LANES = ['account', 'sale', 'notification', 'newsletter'] as const;
export type MailLane = (typeof MAIL_LANES)[number];

export interface OutgoingMail {
  /** Which lane it waits in: every message says (newsletters' bulk copies are in theirs by themselves). */
  lane: MailLane;
  /**
   * Notifications to the breeder only: their kind (e.g. "inquiry"). Several of one kind to one address in a short
   * time go as one digest e-mail; the first of a quiet spell goes at once.
   */
  digest?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A calendar invitation (text/calendar, iTIP): sent as an alternative part and an invite.ics attachment. */
  calendar?: MailCalendar;
  /** Files sent with it (a sealed contract): small ones, kept in the outbox row until it is sent. */
  attachments?: MailAttachment[];
}

export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** The whole VCALENDAR text (CRLF lines). */
  content: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

export interface BulkMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * One newsletter as a template, stored once beside its copies (decision 131): `placeholder` stands in its text,
 * HTML (escaped there) and header values for each reader's own value (an unsubscribe link), and
 * RECIPIENT_URI_PLACEHOLDER in a header value for the copy's address, URI-encoded. The sender fills them in as
 * it claims each copy, so the body is written to the database once, not once per reader (issue 35).
 */
export interface BulkTemplate {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  placeholder: string;
}

/** In a templated copy's header values: the copy's own address, as encodeURIComponent writes it. */
export const RECIPIENT_URI_PLACEHOLDER = '%%RECIPIENT_URI%%';

/** One reader of a templated newsletter: the address and the placeholder's value (not escaped). */
export interface BulkRecipient {
  to: string;
  value: string;
}

/**
 * The readers of a templated newsletter as one SQL SELECT with the columns "to" and "value" (`?` for each of
 * `params`, in order): the copies are written by one INSERT … SELECT, no reader passes through the server.
 */
export interface BulkSource {
  sql: string;
  params: unknown[];
}

export interface DeliveryCounts {
  queued: number;
  sent: number;
  failed: number;
}

export interface MailOutbox {
  /**
   * Adds the message to em's unit of work, not to the database: the caller's next flush writes it in
   * the same transaction as the caller's own rows, so both are stored or neither is.
   */
  enqueue(em: EntityManager, mail: OutgoingMail): void;
  /** Says that em's request queued messages by other means (bulk inserts): its response wakes the sender. */
  notify(em: EntityManager): void;
  /**
   * Starts a sender's pass now (queuing due newsletters, then sending): for work outside a request (after the
   * answer), whose messages are committed when it calls this.
   */
  wake(): void;
  /**
   * Queues a newsletter's copies at once (committed as it returns). A copy for an address that already has
   * one of this newsletter is skipped, so repeating it never sends twice. Returns how many were new.
   */
  enqueueBulk(em: EntityManager, newsletterId: number, messages: BulkMessage[]): Promise<number>;
  /**
   * enqueueBulk for one template and many readers (a list, or a SELECT run by the database), in one statement:
   * the template is stored once and each copy holds its reader's value (issue 35, decision 131).
   */
  enqueueTemplated(em: EntityManager, newsletterId: number, template: BulkTemplate, readers: BulkRecipient[] | BulkSource): Promise<number>;
  /** Queued, sent and failed copies per newsletter. */
  counts(em: EntityManager, newsletterIds: number[]): Promise<Map<number, DeliveryCounts>>;
  /** Puts a newsletter's failed copies back in the queue; returns how many. */
  retryFailed(em: EntityManager, newsletterId: number): Promise<number>;
  /** Deletes a newsletter's failed copies; returns how many. */
  dismissFailed(em: EntityManager, newsletterId: number): Promise<number>;
  /** Who runs the site and where notifications for them go (the site settings). */
  breeder(em: EntityManager): Promise<{ name: string; email: string; town: string }>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Plain text as HTML paragraphs: escaped, blank lines split paragraphs, single newlines kept. */
export const textToHtml = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** A header value on one line (names typed into forms end up in subjects). */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
