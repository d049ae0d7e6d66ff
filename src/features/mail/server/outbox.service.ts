// The e-mail outbox: queue messages with the write that causes them; claim due ones and record each send.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  escapeHtml,
  MAIL_LANES,
  RECIPIENT_URI_PLACEHOLDER,
  type BulkMessage,
  type MailLane,
  type BulkRecipient,
  type BulkSource,
  type BulkTemplate,
  type DeliveryCounts,
  type MailAttachment,
  type MailCalendar,
  type OutgoingMail,
} from '../../../lib/server/mail.ts';
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
/**
 * Notifications of one kind to one address (the breeder): up to DIGEST_AFTER of them within this window go one by
 * one, as they come; past that, the rest wait and go as one digest once the window since the last one sent is over
 * (decision 140). A flood of 9,000 inquiries is a handful of e-mails, and a quiet day's inquiry goes at once.
 */
export const DIGEST_WINDOW_MS = 10 * 60_000;
export const DIGEST_AFTER = 10;
/** Most notifications one digest e-mail carries: a full one goes at once, without waiting for the window. */
export const DIGEST_MAX = 100;

/** Where the sender's turn is across the lanes: kept from pass to pass, so every lane gets its turn. */
export interface LaneCursor {
  next: number;
}

export function enqueueMail(em: EntityManager, mail: OutgoingMail): void {
  const now = new Date();
  em.create(OutboxMessage, {
    lane: mail.lane,
    digestKey: mail.digest?.slice(0, 100) ?? null,
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
  lane?: MailLane;
  /** A digest: the other notifications it carries (their ids; this one's is `id`). */
  digestOf?: number[];
}

/**
 * The Message-ID every attempt of one outbox message carries: a copy sent again after a crash is the same
 * message to the receiving servers and mail programs (which drop or fold a repeated Message-ID), not a new one.
 */
export function stableMessageId(message: Pick<ClaimedMessage, 'id' | 'createdAt' | 'digestOf'>, domain: string): string {
  // A digest is named by its first and last notification: sent again after a crash with the same ones, it is the
  // same message; with more gathered since, a new one (a mail program folding it would hide the new ones).
  const last = message.digestOf?.length ? `-${Math.max(...message.digestOf)}` : '';
  return `<outbox.${message.id}${last}.${message.createdAt.getTime().toString(36)}@${domain}>`;
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
  lane: MailLane;
  digest_key: string | null;
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
    Object.entries(template.headers ?? {}).map(([name, v]) => [
      name,
      v.replaceAll(placeholder, value).replaceAll(RECIPIENT_URI_PLACEHOLDER, recipient),
    ]),
  );
  return {
    text: template.text.replaceAll(placeholder, value),
    html: template.html?.replaceAll(placeholder, escapeHtml(value)) ?? null,
    headers: { ...headers, ...row.headers },
  };
}

/** Serialises claims across instances while the send rate is counted (any 64-bit constant of our own). */
const CLAIM_LOCK = 5_281_120_015;

/** One claimed row as a message: its own, or (several rows of one digest key) the digest of them all. */
function messageOf(rows: ClaimedRow[]): ClaimedMessage {
  const [first] = rows as [ClaimedRow, ...ClaimedRow[]];
  const common = {
    id: first.id,
    to: first.to,
    calendar: first.calendar,
    attachments: first.attachments,
    attempts: first.attempts,
    createdAt: new Date(first.created_at),
    lane: first.lane,
  };
  if (rows.length === 1) {
    const body = bodyOf(first);
    // Every message the site sends is machine-made: auto-responders must not answer it (RFC 3834), so no mail loops.
    return {
      ...common,
      replyTo: first.reply_to,
      subject: first.subject,
      text: body.text,
      html: body.html,
      headers: { 'Auto-Submitted': 'auto-generated', ...body.headers },
    };
  }
  const replyTos = new Set(rows.map((r) => r.reply_to));
  const text = [
    `${rows.length} notifications of one kind came in within a few minutes; here they are in one e-mail, oldest first.`,
    ...rows.map((r, i) =>
      [`${i + 1}. ${r.subject}`, ...(r.reply_to && replyTos.size > 1 ? [`Reply to: ${r.reply_to}`] : []), '', bodyOf(r).text.trim()].join(
        '\n',
      ),
    ),
  ].join('\n\n----------\n\n');
  return {
    ...common,
    calendar: null,
    attachments: null,
    replyTo: replyTos.size === 1 ? first.reply_to : null,
    subject: `${first.subject} (and ${rows.length - 1} more)`.slice(0, 300),
    text,
    html: null,
    headers: { 'Auto-Submitted': 'auto-generated' },
    digestOf: rows.slice(1).map((r) => r.id),
  };
}

/** `(id, attempts) in (…)`: the claimed rows, each as this sender's attempt left it (a newer claim owns the row). */
function claimedRowsWhere(rows: ClaimedRow[]): { sql: string; params: number[] } {
  return { sql: `("id", "attempts") in (${rows.map(() => '(?, ?)').join(', ')})`, params: rows.flatMap((r) => [r.id, r.attempts]) };
}

/**
 * Sends up to `batchSize` due messages, claiming each one just before it is sent (issue 28: one copy per
 * reader across a crash, decision 109). A claim is one statement: rows another sender is claiming right now
 * are skipped (`for update skip locked`), and the claimed row gets a short lease (next_attempt_at in the
 * future), a counted attempt and the claimant (`claimed_by`: this process), so no other sender takes it
 * while this one sends, without a transaction (or PGlite's only connection) held open across SMTP. If the
 * process dies, at most the one message in flight is claimed; a restart on the host releases it at once.
 *
 * Lanes (issue 44, decision 140): each claim takes the next lane in turn that has a message due (`lanes` keeps the
 * turn from pass to pass), so 9,000 notifications hold up an account e-mail by at most one message per other lane.
 * A notification with a digest key is sent with every other queued one of its key and address, as one e-mail; if
 * one of them went less than `digestWindowMs` ago, they wait until that window is over.
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
    lanes = { next: 0 },
    digestWindowMs = DIGEST_WINDOW_MS,
    digestAfter = DIGEST_AFTER,
  }: {
    batchSize?: number;
    leaseMs?: number;
    /** Checked before each claim; false stops the pass. */
    keepGoing?: () => boolean;
    /** At most this many sends start in any minute, across all instances and lanes (0: no limit). */
    ratePerMinute?: number;
    /** Told of each failed attempt once it is recorded (the mailer logs it). */
    onFailure?: (attempt: FailedAttempt) => void;
    /** Who claims (the mailer's instance id), so a restart can release what a dead sender held. */
    claimant?: string | null;
    /** Whose turn it is across the lanes (the mailer keeps one for all its passes). */
    lanes?: LaneCursor;
    digestWindowMs?: number;
    /** Notifications of one key and address within the window that go one by one before digests begin. */
    digestAfter?: number;
  } = {},
): Promise<DeliveryReport> {
  const conn = em.getConnection();
  const report: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0 };
  while (report.claimed < batchSize && keepGoing()) {
    const rows = await claimNext(em, lanes, { leaseMs, ratePerMinute, claimant, digestWindowMs, digestAfter });
    if (!rows) break;
    report.claimed++;
    const message = messageOf(rows);
    const claimed = claimedRowsWhere(rows);
    try {
      await send(message);
    } catch (error) {
      const last = message.attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[Math.min(message.attempts, RETRY_DELAYS_MS.length) - 1]!;
      // The attempts guard: if this sender overran its lease and another took the message, the newer
      // claim owns the row.
      await conn.execute(
        `update "outbox_messages" set "status" = ?, "last_error" = ?, "claimed_by" = null, "next_attempt_at" = now() + (? * interval '1 millisecond')
         where ${claimed.sql} and "status" = 'queued'`,
        [last ? 'failed' : 'queued', describe(error), delay, ...claimed.params],
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
       where ${claimed.sql} and "status" = 'queued'`,
      claimed.params,
    );
    report.sent++;
  }
  return report;
}

interface ClaimOptions {
  leaseMs: number;
  ratePerMinute: number;
  claimant: string | null;
  digestWindowMs: number;
  digestAfter: number;
}

/** The next lane in turn with a message due: its claimed rows (one, or a digest's), or null when none is due or the rate is spent. */
async function claimNext(em: EntityManager, cursor: LaneCursor, options: ClaimOptions): Promise<ClaimedRow[] | null> {
  for (let i = 0; i < MAIL_LANES.length; i++) {
    const at = (cursor.next + i) % MAIL_LANES.length;
    // A notification held back for its digest window is not a send: look at the same lane again (each hold puts
    // a whole kind out of the way, so this ends; the bound is a guard).
    for (let holds = 0; holds < 100; holds++) {
      const got = await claimOne(em, MAIL_LANES[at]!, options);
      if (got === 'rate') return null;
      if (got === 'held') continue;
      if (!got) break;
      cursor.next = (at + 1) % MAIL_LANES.length;
      return got;
    }
  }
  return null;
}

/** Claims the next due message of a lane (with the rest of its digest), 'held' when its digest must wait, 'rate' when the rate is spent. */
async function claimOne(
  em: EntityManager,
  lane: MailLane,
  { leaseMs, ratePerMinute, claimant, digestWindowMs, digestAfter }: ClaimOptions,
): Promise<ClaimedRow[] | 'held' | 'rate' | null> {
  // Under a rate, claims take turns (an advisory lock for this transaction), so two instances counting
  // the last minute's sends at once cannot both spend the same budget.
  return em.transactional(async (tx) => {
    if (ratePerMinute) {
      await tx.execute(`select pg_advisory_xact_lock(?)`, [CLAIM_LOCK]);
      const [count] = await tx.execute<Array<{ n: string | number }>>(
        `select count(*) as n from "outbox_messages" where "claimed_at" > now() - interval '1 minute'`,
      );
      if (Number(count!.n) >= ratePerMinute) return 'rate' as const;
    }
    const [due] = await tx.execute<Array<{ id: number; to: string; digest_key: string | null }>>(
      `select "id", "to", "digest_key" from "outbox_messages" where "status" = 'queued' and "lane" = ? and "next_attempt_at" <= now()
       order by "next_attempt_at", "id" limit 1 for update skip locked`,
      [lane],
    );
    if (!due) return null;
    let ids = [due.id];
    if (due.digest_key) {
      const key = [due.digest_key, due.to];
      // How many of its kind came within the window (any status), and when the last one went.
      const [recent] = await tx.execute<Array<{ n: string | number; last: Date | string | null; lately: boolean | null }>>(
        `select count(*) as "n", max("sent_at") filter (where "status" = 'sent') as "last",
           max("sent_at") filter (where "status" = 'sent') > now() - (? * interval '1 millisecond') as "lately"
         from "outbox_messages"
         where "digest_key" = ? and "to" = ? and ("created_at" > now() - (? * interval '1 millisecond') or "sent_at" > now() - (? * interval '1 millisecond'))`,
        [digestWindowMs, ...key, digestWindowMs, digestWindowMs],
      );
      if (Number(recent!.n) > digestAfter) {
        // Every other one of its key and address that no live sender holds (due, or waiting for the window or a retry).
        const group = await tx.execute<Array<{ id: number }>>(
          `select "id" from "outbox_messages" where "status" = 'queued' and "digest_key" = ? and "to" = ?
             and ("next_attempt_at" <= now() or "claimed_by" is null)
           order by "id" limit ? for update skip locked`,
          [...key, DIGEST_MAX],
        );
        if (recent!.lately && recent!.last && group.length < DIGEST_MAX) {
          // One went a moment ago and no digest is full: these wait for the window, to go as one.
          await tx.execute(
            `update "outbox_messages" set "next_attempt_at" = (select max(s."sent_at") from "outbox_messages" s
               where s."digest_key" = ? and s."to" = ? and s."status" = 'sent') + (? * interval '1 millisecond')
             where "status" = 'queued' and "digest_key" = ? and "to" = ? and "next_attempt_at" <= now()`,
            [...key, digestWindowMs, ...key],
          );
          return 'held' as const;
        }
        ids = [...new Set([due.id, ...group.map((g) => g.id)])];
      }
    }
    const rows = await tx.execute<ClaimedRow[]>(
      `update "outbox_messages" set "attempts" = "attempts" + 1, "claimed_by" = ?,
         "claimed_at" = case when "id" = ? then now() else "claimed_at" end,
         "next_attempt_at" = now() + (? * interval '1 millisecond')
       where "id" in (${ids.map(() => '?').join(', ')})
       returning "id", "to", "reply_to", "subject", "text", "html", "headers", "calendar", "attachments", "attempts", "created_at", "lane", "digest_key", "template_value",
         (select row_to_json(t) from (select "text", "html", "headers", "placeholder" from "outbox_templates"
           where "id" = "outbox_messages"."template_id") t) as "template"`,
      [claimant, due.id, leaseMs, ...ids],
    );
    return rows.sort((a, b) => a.id - b.id);
  });
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
    return `(?, ?, ?, ?, ?::jsonb, ?, 'newsletter', 'queued', 0, now(), now())`;
  });
  const inserted = await em.execute<Array<{ id: number }>>(
    `insert into "outbox_messages" ("to", "subject", "text", "html", "headers", "newsletter_id", "lane", "status", "attempts", "next_attempt_at", "created_at")
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
export async function enqueueTemplated(
  em: EntityManager,
  newsletterId: number,
  template: BulkTemplate,
  readers: BulkRecipient[] | BulkSource,
): Promise<number> {
  const source: BulkSource = Array.isArray(readers)
    ? { sql: `select r."to", r."value" from json_to_recordset(?::json) as r("to" text, "value" text)`, params: [JSON.stringify(readers)] }
    : readers;
  if (Array.isArray(readers) && !readers.length) return 0;
  const [row] = await em.execute<Array<{ n: string | number }>>(
    `with "template" as (
       insert into "outbox_templates" ("text", "html", "headers", "placeholder", "created_at") values (?, ?, ?::jsonb, ?, now()) returning "id"),
     "added" as (
       insert into "outbox_messages" ("to", "subject", "text", "html", "headers", "newsletter_id", "lane", "status", "attempts", "next_attempt_at", "created_at", "template_id", "template_value")
       select r."to", ?, '', null, null, ?, 'newsletter', 'queued', 0, now(), now(), (select "id" from "template"), r."value"
       from (${source.sql}) as r
       on conflict ("newsletter_id", "to") do nothing returning 1)
     select count(*) as n from "added"`,
    [
      template.text,
      template.html,
      JSON.stringify(template.headers),
      template.placeholder,
      template.subject.slice(0, 300),
      newsletterId,
      ...source.params,
    ],
  );
  return Number(row?.n ?? 0);
}
