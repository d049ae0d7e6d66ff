// The e-mail outbox as features see it: queue a message with a write, and escape text for HTML bodies.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface MailOutbox {
  /**
   * Adds the message to em's unit of work, not to the database: the caller's next flush writes it in
   * the same transaction as the caller's own rows, so both are stored or neither is.
   */
  enqueue(em: EntityManager, mail: OutgoingMail): void;
  /** Who runs the site and where notifications for them go (the site settings). */
  breeder(em: EntityManager): Promise<{ name: string; email: string }>;
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
