// The e-mail outbox: queue messages with the write that causes them; claim due ones and record each send.
import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeHtml, RECIPIENT_URI_PLACEHOLDER, type BulkMessage, type BulkRecipient, type BulkSource, type BulkTemplate, type DeliveryCounts, type MailAttachment, type MailCalendar, type OutgoingMail } from '../../../lib/server/mail.ts';
import { OutboxMessage } from './outbox-message.entity.ts';

/** After this many failed sends a message is marked failed and left alone. */
export const MAX_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, 3rd and 4th failure before trying again. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/**
 * How long a claimed message is hidden from other senders when its sender vanished without a word (another
 * machine: a restart on the same host releases its dead claims at once, see releaseClaims). One message is
 * claimed at a time and a send is bounded by the transport's timeouts (15 s to connect, 15 s for the greeting,
 * 30 s of silence), so two minutes is far past any send that is still going on.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Messages one pass sends (each claimed on its own, just before it is sent). */
export const BATCH_SIZE = 5;

export function enqueueMail(em: EntityManager, mail: OutgoingMail): void {
  const now = new Date();
  em.create(OutboxMessage, {
    headers: mail.headers ?? null,
    calendar: mail.calendar ?? null,
    attachments: mail.attachments?.length ? mail.attachments : null,
    newsletterId: null,
    claimedAt: null,
    claimedBy: null,
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
  calendar?: MailCalendar | null;
  attachments?: MailAttachment[] | null;
  /** Including this one. */
  attempts: number;
  /** When it was queued: with the id, what its stable Message-ID is made of. */
  createdAt: Date;
}

/**
 * The Message-ID every attempt of one outbox message carries: a copy sent again after a crash is the same
 * message to the receiving servers and mail programs (which drop or fold a repeated Message-ID), not a new one.
 */
export function stableMessageId(message: Pick<ClaimedMessage, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox.${message.id}.${message.createdAt.getTime().toString(36)}@${domain}>`;
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
  /** Always 0: a message is claimed only as it is sent, so a stopping sender has nothing to hand back. */
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
  calendar: MailCalendar | null;
  attachments: MailAttachment[] | null;
  attempts: number;
  created_at: Date | string;
  /** A templated copy (decision 131): its reader's value and the template it fills. */
  template_value: string | null;
  template: { text: string; html: string | null; headers: Record<string, string> | null; placeholder: string } | string | null;
}

/** A claimed copy's text, HTML and headers: its own, or its template's with the reader's value filled in. */
function bodyOf(row: ClaimedRow): Pick<ClaimedMessage, 'text' | 'html' | 'headers'> {
  const template = typeof row.template === 'string' ? (JSON.parse(row.template) as Exclude<ClaimedRow['template'], string>) : row.template;
  if (!template) return { text: row.text, html: row.html, headers: row.headers };
  const { placeholder } = template;
  const value = row.template_value ?? '';
  const recipient = encodeURIComponent(row.to);
  const headers = Object.fromEntries(
    Object.entries(template.headers ?? {}).map(([name, v]) => [name, v.replaceAll(placeholder, value).replaceAll(RECIPIENT_URI_PLACEHOLDER, recipient)]),
  );
  return {
    text: template.text.replaceAll(placeholder, value),
    html: template.html?.replaceAll(placeholder, escapeHtml(value)) ?? null,
    headers: { ...headers, ...row.headers },
  };
}

/** Serialises claims across instances while the send rate is counted (any 64-bit constant of our own). */
const CLAIM_LOCK = 5_281_120_015;

/**
 * Sends up to `batchSize` due messages, claiming each one just before it is sent (issue 28: one copy per
 * reader across a crash, decision 109). A claim is one statement: rows another sender is claiming right now
 * are skipped (`for update skip locked`), and the claimed row gets a short lease (next_attempt_at in the
 * future), a counted attempt and the claimant (`claimed_by`: this process), so no other sender takes it
 * while this one sends, without a transaction (or PGlite's only connection) held open across SMTP. If the
 * process dies, at most the one message in flight is claimed; a restart on the host releases it at once.
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
    claimant = null,
  }: {
    batchSize?: number;
    leaseMs?: number;
    /** Checked before each claim; false stops the pass. */
    keepGoing?: () => boolean;
    /** At most this many sends start in any minute, across all instances (0: no limit). */
    ratePerMinute?: number;
    /** Told of each failed attempt once it is recorded (the mailer logs it). */
    onFailure?: (attempt: FailedAttempt) => void;
    /** Who claims (the mailer's instance id), so a restart can release what a dead sender held. */
    claimant?: string | null;
  } = {},
): Promise<DeliveryReport> {
  const conn = em.getConnection();
  const report: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0 };
  while (report.claimed < batchSize && keepGoing()) {
    const row = await claimOne(em, { leaseMs, ratePerMinute, claimant });
    if (!row) break;
    report.claimed++;
    const body = bodyOf(row);
    const message: ClaimedMessage = {
      id: row.id,
      to: row.to,
      replyTo: row.reply_to,
      subject: row.subject,
      text: body.text,
      html: body.html,
      // Every message the site sends is machine-made: auto-responders must not answer it (RFC 3834), so no mail loops.
      headers: { 'Auto-Submitted': 'auto-generated', ...body.headers },
      calendar: row.calendar,
      attachments: row.attachments,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
    };
    try {
      await send(message);
    } catch (error) {
      const last = message.attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[Math.min(message.attempts, RETRY_DELAYS_MS.length) - 1]!;
      // The attempts guard: if this sender overran its lease and another took the message, the newer
      // claim owns the row.
      await conn.execute(
        `update "outbox_messages" set "status" = ?, "last_error" = ?, "claimed_by" = null, "next_attempt_at" = now() + (? * interval '1 millisecond')
         where "id" = ? and "attempts" = ? and "status" = 'queued'`,
        [last ? 'failed' : 'queued', describe(error), delay, message.id, message.attempts],
      );
      if (last) report.failed++;
      else report.retrying++;
      onFailure?.({ message, error, final: last, retryInMs: last ? null : delay });
      continue;
    }
    // The only statement between the server's acceptance and the record of it: the window in which a crash
    // sends this copy again (with the same Message-ID) is this round trip to the database.
    await conn.execute(
      `update "outbox_messages" set "status" = 'sent', "sent_at" = now(), "last_error" = null, "claimed_by" = null
       where "id" = ? and "attempts" = ? and "status" = 'queued'`,
      [message.id, message.attempts],
    );
    report.sent++;
  }
  return report;
}

/** Claims the next due message (transactional mail first), or null when none is due or the rate is spent. */
async function claimOne(
  em: EntityManager,
  { leaseMs, ratePerMinute, claimant }: { leaseMs: number; ratePerMinute: number; claimant: string | null },
): Promise<ClaimedRow | null> {
  // Under a rate, claims take turns (an advisory lock for this transaction), so two instances counting
  // the last minute's sends at once cannot both spend the same budget.
  const rows = await em.transactional(async (tx) => {
    if (ratePerMinute) {
      await tx.execute(`select pg_advisory_xact_lock(?)`, [CLAIM_LOCK]);
      const [count] = await tx.execute<Array<{ n: string | number }>>(
        `select count(*) as n from "outbox_messages" where "claimed_at" > now() - interval '1 minute'`,
      );
      if (Number(count!.n) >= ratePerMinute) return [];
    }
    return tx.execute<ClaimedRow[]>(
      `update "outbox_messages" set "attempts" = "attempts" + 1, "claimed_at" = now(), "claimed_by" = ?,
         "next_attempt_at" = now() + (? * interval '1 millisecond')
       where "id" = (
         select "id" from "outbox_messages" where "status" = 'queued' and "next_attempt_at" <= now()
         order by "newsletter_id" nulls first, "next_attempt_at", "id" limit 1 for update skip locked)
       returning "id", "to", "reply_to", "subject", "text", "html", "headers", "calendar", "attachments", "attempts", "created_at", "template_value",
         (select row_to_json(t) from (select "text", "html", "headers", "placeholder" from "outbox_templates"
           where "id" = "outbox_messages"."template_id") t) as "template"`,
      [claimant, leaseMs],
    );
  });
  return rows[0] ?? null;
}

/** The senders holding claims on messages still queued (with or without a lease left). */
export async function claimants(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<Array<{ claimed_by: string }>>(
    `select distinct "claimed_by" from "outbox_messages" where "status" = 'queued' and "claimed_by" is not null`,
  );
  return rows.map((r) => r.claimed_by);
}

/**
 * Hands back, due at once, the messages that these (dead) senders had claimed: the attempt that never
 * finished is not counted. Returns how many. The message may have reached the server before its sender
 * died; it goes again with the same Message-ID (decision 109).
 */
export async function releaseClaims(em: EntityManager, dead: string[]): Promise<number> {
  if (!dead.length) return 0;
  const rows = await em.execute<Array<{ id: number }>>(
    `update "outbox_messages" set "attempts" = greatest("attempts" - 1, 0), "next_attempt_at" = now(), "claimed_by" = null
     where "status" = 'queued' and "claimed_by" in (${dead.map(() => '?').join(', ')}) returning "id"`,
    dead,
  );
  return rows.length;
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
    // Templates whose copies are all gone (or that no copy used: everyone had one already).
    await tx.execute(
      `delete from "outbox_templates" t where t."created_at" < now() - interval '1 hour'
       and not exists (select 1 from "outbox_messages" m where m."template_id" = t."id")`,
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

/**
 * Queues one newsletter's copies from a template in one statement (issue 35, decision 131): the template is stored
 * once, and each copy is a small row with its reader's value (the sender fills the template as it claims the copy).
 * The readers come as one JSON parameter, or as a SELECT the database runs (no reader passes through the server).
 * Same rules as enqueueBulk: one copy per (newsletter, address). Returns how many were new; a template no copy
 * uses (everyone had one already) is deleted by purgeSent.
 */
export async function enqueueTemplated(em: EntityManager, newsletterId: number, template: BulkTemplate, readers: BulkRecipient[] | BulkSource): Promise<number> {
  const source: BulkSource = Array.isArray(readers)
    ? { sql: `select r."to", r."value" from json_to_recordset(?::json) as r("to" text, "value" text)`, params: [JSON.stringify(readers)] }
    : readers;
  if (Array.isArray(readers) && !readers.length) return 0;
  const [row] = await em.execute<Array<{ n: string | number }>>(
    `with "template" as (
       insert into "outbox_templates" ("text", "html", "headers", "placeholder", "created_at") values (?, ?, ?::jsonb, ?, now()) returning "id"),
     "added" as (
       insert into "outbox_messages" ("to", "subject", "text", "html", "headers", "newsletter_id", "status", "attempts", "next_attempt_at", "created_at", "template_id", "template_value")
       select r."to", ?, '', null, null, ?, 'queued', 0, now(), now(), (select "id" from "template"), r."value"
       from (${source.sql}) as r
       on conflict ("newsletter_id", "to") do nothing returning 1)
     select count(*) as n from "added"`,
    [template.text, template.html, JSON.stringify(template.headers), template.placeholder, template.subject.slice(0, 300), newsletterId, ...source.params],
  );
  return Number(row?.n ?? 0);
}
