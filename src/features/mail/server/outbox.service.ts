// The e-mail outbox: queue messages with the write that causes them; claim due ones and record each send.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BulkMessage, DeliveryCounts, OutgoingMail } from '../../../lib/server/mail.ts';
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
    headers: mail.headers ?? null,
    newsletterId: null,
    claimedAt: null,
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
  headers: Record<string, string> | null;
  /** Including this one. */
  attempts: number;
}

export type SendMail = (message: ClaimedMessage) => Promise<void>;

/** One failed attempt, as deliverDue saw it: whether it was the last, and when the next comes. */
export interface FailedAttempt {
  message: ClaimedMessage;
  error: unknown;
  final: boolean;
  /** Until the next attempt (null after the last). */
  retryInMs: number | null;
}

/** The domain of a recipient (`Name <local@Domain>` or `local@domain`), lower-cased; null without one. */
export function mailDomain(to: string): string | null {
  const at = to.lastIndexOf('@');
  if (at === -1) return null;
  return /^[^\s<>,;"]+/.exec(to.slice(at + 1))?.[0]?.toLowerCase() ?? null;
}

/** Any e-mail address in a text, its own part replaced (`<…@example.com>`): logs name domains, not people. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:[\]@]+@(?=[^\s<>"'(),;:@])/g, '…@');
}

/**
 * What the mail server answered, as far as the error says (nodemailer: the reply line, its code, the
 * command it answered; or a connection error's code), with addresses cut down to their domains.
 */
export function smtpAnswer(error: unknown): { response?: string; responseCode?: number; command?: string; code?: string } {
  const e = (error ?? {}) as { response?: unknown; responseCode?: unknown; command?: unknown; code?: unknown; message?: unknown };
  const response = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : String(error);
  return {
    response: withoutAddresses(response).slice(0, 500),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    ...(typeof e.command === 'string' ? { command: e.command } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
  };
}

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
  headers: Record<string, string> | null;
  attempts: number;
}

/** Serialises claims across instances while the send rate is counted (any 64-bit constant of our own). */
const CLAIM_LOCK = 5_281_120_015;

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
    ratePerMinute = 0,
    onFailure,
  }: {
    batchSize?: number;
    leaseMs?: number;
    /** Checked before each send; false hands the rest back. */
    keepGoing?: () => boolean;
    /** At most this many sends start in any minute, across all instances (0: no limit). */
    ratePerMinute?: number;
    /** Told of each failed attempt once it is recorded (the mailer logs it). */
    onFailure?: (attempt: FailedAttempt) => void;
  } = {},
): Promise<DeliveryReport> {
  const conn = em.getConnection();
  // Under a rate, claims take turns (an advisory lock for this transaction), so two instances counting
  // the last minute's sends at once cannot both spend the same budget. Transactional mail goes first.
  const rows = await em.transactional(async (tx) => {
    if (ratePerMinute) await tx.execute(`select pg_advisory_xact_lock(?)`, [CLAIM_LOCK]);
    const limit = ratePerMinute
      ? Math.min(batchSize, Math.max(0, ratePerMinute - Number((await tx.execute<Array<{ n: string | number }>>(
          `select count(*) as n from "outbox_messages" where "claimed_at" > now() - interval '1 minute'`))[0]!.n)))
      : batchSize;
    if (limit === 0) return [];
    return tx.execute<ClaimedRow[]>(
      `update "outbox_messages" set "attempts" = "attempts" + 1, "claimed_at" = now(), "next_attempt_at" = now() + (? * interval '1 millisecond')
       where "id" in (
         select "id" from "outbox_messages" where "status" = 'queued' and "next_attempt_at" <= now()
         order by "newsletter_id" nulls first, "next_attempt_at", "id" limit ? for update skip locked)
       returning "id", "to", "reply_to", "subject", "text", "html", "headers", "attempts"`,
      [leaseMs, limit],
    );
  });
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retrying: 0, failed: 0, released: 0 };
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    const message: ClaimedMessage = {
      id: row.id,
      to: row.to,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      attempts: row.attempts,
    };
    if (!keepGoing()) {
      // Stopping: hand it back as it was, due now, for whichever instance runs next.
      await conn.execute(
        `update "outbox_messages" set "attempts" = "attempts" - 1, "next_attempt_at" = now(), "claimed_at" = null
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
      onFailure?.({ message, error, final: last, retryInMs: last ? null : delay });
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

/** Purges run one at a time across instances (a transaction-scoped advisory lock; others skip). */
export const PURGE_LOCK = 5_281_120_016;
export const SENT_RETENTION_DAYS = 30;

/**
 * Deletes sent messages older than the retention. Failed ones stay until the breeder retries or dismisses
 * them; queued ones are still to be sent. Returns null when another instance is purging right now.
 */
export async function purgeSent(em: EntityManager, retentionDays = SENT_RETENTION_DAYS): Promise<number | null> {
  return em.transactional(async (tx) => {
    const [lock] = await tx.execute<Array<{ ok: boolean }>>(`select pg_try_advisory_xact_lock(?) as ok`, [PURGE_LOCK]);
    if (!lock?.ok) return null;
    const deleted = await tx.execute<Array<{ id: number }>>(
      `delete from "outbox_messages" where "status" = 'sent' and "sent_at" < now() - (? * interval '1 day') returning "id"`,
      [retentionDays],
    );
    return deleted.length;
  });
}

/** Failed messages of one newsletter (or of none: the site's own mail) go back in the queue, with a fresh set of attempts. */
export async function retryFailed(em: EntityManager, newsletterId: number | null): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update "outbox_messages" set "status" = 'queued', "attempts" = 0, "next_attempt_at" = now(), "last_error" = null
     where "status" = 'failed' and "newsletter_id" ${newsletterId === null ? 'is null' : '= ?'} returning "id"`,
    newsletterId === null ? [] : [newsletterId],
  );
  return rows.length;
}

/** Removes failed messages the breeder gave up on. */
export async function dismissFailed(em: EntityManager, newsletterId: number | null): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `delete from "outbox_messages" where "status" = 'failed' and "newsletter_id" ${newsletterId === null ? 'is null' : '= ?'} returning "id"`,
    newsletterId === null ? [] : [newsletterId],
  );
  return rows.length;
}

/** Queued, sent and failed messages per newsletter. */
export async function countsByNewsletter(em: EntityManager, ids: number[]): Promise<Map<number, DeliveryCounts>> {
  const out = new Map<number, DeliveryCounts>();
  if (!ids.length) return out;
  const rows = await em.execute<Array<{ newsletter_id: number; status: string; n: string | number }>>(
    `select "newsletter_id", "status", count(*) as n from "outbox_messages" where "newsletter_id" in (${ids.map(() => '?').join(', ')}) group by 1, 2`,
    ids,
  );
  for (const r of rows) {
    const c = out.get(r.newsletter_id) ?? { queued: 0, sent: 0, failed: 0 };
    c[r.status as 'queued' | 'sent' | 'failed'] = Number(r.n);
    out.set(r.newsletter_id, c);
  }
  return out;
}

/**
 * Queues one newsletter's copies. A copy for an address that already has one is skipped by the unique
 * (newsletter_id, to) index, so queuing again after a crash, or by two instances at once, never sends twice.
 * Returns how many were new.
 */
export async function enqueueBulk(em: EntityManager, newsletterId: number, messages: BulkMessage[]): Promise<number> {
  if (!messages.length) return 0;
  const values: unknown[] = [];
  const rows = messages.map((m) => {
    values.push(m.to, m.subject.slice(0, 300), m.text, m.html, JSON.stringify(m.headers), newsletterId);
    return `(?, ?, ?, ?, ?::jsonb, ?, 'queued', 0, now(), now())`;
  });
  const inserted = await em.execute<Array<{ id: number }>>(
    `insert into "outbox_messages" ("to", "subject", "text", "html", "headers", "newsletter_id", "status", "attempts", "next_attempt_at", "created_at")
     values ${rows.join(', ')} on conflict ("newsletter_id", "to") do nothing returning "id"`,
    values,
  );
  return inserted.length;
}
