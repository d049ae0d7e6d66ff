// The e-mail outbox: queue messages with the write that causes them; claim due ones and record each send.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutgoingMail } from '../../../lib/server/mail.ts';
import { OutboxMessage } from './outbox-message.entity.ts';

/** After this many failed sends a message is marked failed and left alone. */
export const MAX_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, 3rd and 4th failure before trying again. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/**
 * How long a claimed message is hidden from other senders. A send is bounded by the transport's
 * timeouts (well under a minute each), so a batch finishes long before its lease ends; if the sender
 * dies mid-batch, the messages become due again when the lease runs out.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
export const BATCH_SIZE = 5;

export function enqueueMail(em: EntityManager, mail: OutgoingMail): void {
  const now = new Date();
  em.create(OutboxMessage, {
    to: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject.slice(0, 300),
    text: mail.text,
    html: mail.html ?? null,
    status: 'queued',
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    createdAt: now,
    sentAt: null,
  });
}

export interface ClaimedMessage {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** Including this one. */
  attempts: number;
}

export type SendMail = (message: ClaimedMessage) => Promise<void>;

export interface DeliveryReport {
  claimed: number;
  sent: number;
  /** Failed this time, to be retried later. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
  /** Claimed but handed back unsent because the sender is stopping. */
  released: number;
}

interface ClaimedRow {
  id: number;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/**
 * Takes up to `batchSize` due messages and sends them one by one. The claim is one statement: rows
 * another sender is claiming right now are skipped (`for update skip locked`), and claimed rows get a
 * lease (next_attempt_at in the future) and a counted attempt, so no other instance takes them while
 * this one sends — without holding a transaction (or PGlite's only connection) open across SMTP.
 */
export async function deliverDue(
  em: EntityManager,
  send: SendMail,
  {
    batchSize = BATCH_SIZE,
    leaseMs = CLAIM_LEASE_MS,
    keepGoing = () => true,
  }: { batchSize?: number; leaseMs?: number; /** Checked before each send; false hands the rest back. */ keepGoing?: () => boolean } = {},
): Promise<DeliveryReport> {
  const conn = em.getConnection();
  const rows = await conn.execute<ClaimedRow[]>(
    `update "outbox_messages" set "attempts" = "attempts" + 1, "next_attempt_at" = now() + (? * interval '1 millisecond')
     where "id" in (
       select "id" from "outbox_messages" where "status" = 'queued' and "next_attempt_at" <= now()
       order by "next_attempt_at", "id" limit ? for update skip locked)
     returning "id", "to", "reply_to", "subject", "text", "html", "attempts"`,
    [leaseMs, batchSize],
  );
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retrying: 0, failed: 0, released: 0 };
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    const message: ClaimedMessage = {
      id: row.id,
      to: row.to,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      attempts: row.attempts,
    };
    if (!keepGoing()) {
      // Stopping: hand it back as it was, due now, for whichever instance runs next.
      await conn.execute(
        `update "outbox_messages" set "attempts" = "attempts" - 1, "next_attempt_at" = now()
         where "id" = ? and "attempts" = ? and "status" = 'queued'`,
        [message.id, message.attempts],
      );
      report.released++;
      continue;
    }
    try {
      await send(message);
    } catch (error) {
      const last = message.attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[Math.min(message.attempts, RETRY_DELAYS_MS.length) - 1]!;
      // The attempts guard: if this sender overran its lease and another took the message, the newer
      // claim owns the row.
      await conn.execute(
        `update "outbox_messages" set "status" = ?, "last_error" = ?, "next_attempt_at" = now() + (? * interval '1 millisecond')
         where "id" = ? and "attempts" = ? and "status" = 'queued'`,
        [last ? 'failed' : 'queued', describe(error), delay, message.id, message.attempts],
      );
      if (last) report.failed++;
      else report.retrying++;
      continue;
    }
    await conn.execute(
      `update "outbox_messages" set "status" = 'sent', "sent_at" = now(), "last_error" = null
       where "id" = ? and "attempts" = ? and "status" = 'queued'`,
      [message.id, message.attempts],
    );
    report.sent++;
  }
  return report;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}
