// Mailer plugin: sends the e-mail outbox through SMTP_URL, polling PostgreSQL so any instance may send.
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '../env.ts';
import type { MailOutbox, OutgoingMail } from '../../lib/server/mail.ts';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { processRuns, thisProcess } from '../db-lock.ts';
import {
  BATCH_SIZE,
  claimants,
  countsByNewsletter,
  deliverDue,
  dismissFailed,
  enqueueBulk,
  enqueueTemplated,
  enqueueMail,
  mailDomain,
  MAX_ATTEMPTS,
  purgeSent,
  releaseClaims,
  retryFailed,
  smtpAnswer,
  stableMessageId,
  type DeliveryReport,
  type FailedAttempt,
  type LaneCursor,
  type SendMail,
} from '../../features/mail/server/outbox.service.ts';
import { ensureSettings } from '../../features/settings/server/settings.service.ts';
import { dispatchDueNewsletters } from '../../features/subscribers/server/newsletters.admin-service.ts';
import { forgetUnconfirmed } from '../../features/subscribers/server/subscribers.service.ts';

export const POLL_EVERY_MS = 5_000;
/** Purging old sent mail and forgetting unconfirmed addresses: hourly is plenty. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
/** How often a sender looks for claims of senders that are gone, besides at its start. */
export const RELEASE_EVERY_MS = 60_000;

/** Request entity managers that queued a message: their response is the moment it is committed. */
const queuedBy = new WeakSet<EntityManager>();

/** The outbox features use (services.mail). */
export function mailOutbox(): MailOutbox {
  return {
    enqueue(em: EntityManager, mail: OutgoingMail) {
      enqueueMail(em, mail);
      queuedBy.add(em);
    },
    notify(em: EntityManager) {
      queuedBy.add(em);
    },
    // The mailer plugin puts its own in place when it starts.
    wake() {},
    enqueueBulk,
    enqueueTemplated,
    counts: countsByNewsletter,
    retryFailed,
    dismissFailed,
    async breeder(em: EntityManager) {
      const settings = await ensureSettings(em);
      return { name: settings.breederName, email: settings.email, town: settings.town };
    },
  };
}

/** Senders running in this process (tests run several apps in one): their claims are alive whatever the pid says. */
const liveSenders = new Set<string>();

/** The instance a sender belongs to when INSTANCE_ID is not set: its machine. */
export const defaultInstance = () => `host:${os.hostname()}`;

/**
 * A sender's name on its claims: its instance (INSTANCE_ID: the name it keeps across restarts), this machine,
 * this process (pid and what tells a reused pid apart), this app.
 */
export function senderId(instance = defaultInstance()): string {
  return JSON.stringify({ instance, host: os.hostname(), ...thisProcess(), app: randomBytes(4).toString('hex') });
}

/**
 * The claimants that are certainly gone, whose claims may be handed back at once (issue 44, decision 140):
 * - on the embedded database, every one but this process's own senders (the database's lock file lets one
 *   process at a time open it, so any other claimant is a process that is gone);
 * - on this machine (same host name), a process that no longer runs (a pid reused by another process is not
 *   taken for it);
 * - an earlier run of this same instance (its INSTANCE_ID) on another machine: a container recreated with a new
 *   host name. INSTANCE_ID names one running instance at a time; on this machine a running process is never
 *   taken for gone, whatever its instance.
 * Any other claim (another live instance's, or one this cannot judge) waits out its short lease.
 */
export function deadSenders(
  ids: string[],
  { instance = defaultInstance(), embedded = false }: { instance?: string; embedded?: boolean } = {},
): string[] {
  const host = os.hostname();
  return ids.filter((id) => {
    if (liveSenders.has(id)) return false;
    if (embedded) return true;
    try {
      const who = JSON.parse(id) as { instance?: unknown; host?: unknown; pid?: unknown; boot?: string; start?: string };
      if (who.host === host && typeof who.pid === 'number') {
        return !processRuns({ pid: who.pid, ...(who.boot ? { boot: who.boot } : {}), ...(who.start ? { start: who.start } : {}) });
      }
      return who.instance === instance && who.host !== host;
    } catch {
      return false;
    }
  });
}

/** MAIL_FROM, or no-reply at the site's own host name. */
export function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `no-reply@${new URL(env.APP_ORIGIN).hostname}`;
}

export interface HousekeepingReport {
  /** Sent messages deleted; null when another instance was purging at that moment. */
  purged: number | null;
  /** Pending subscribers deleted after 30 days without confirming. */
  forgotten: number;
}

export interface Mailer {
  /** True when SMTP_URL is set: without it messages stay queued until an instance that has it runs. */
  enabled: boolean;
  /**
   * Runs one pass now (after the one in progress, if any): due newsletters are queued, then (with
   * SMTP_URL) a batch is sent. Null when disabled.
   */
  poll(): Promise<DeliveryReport | null>;
  /** Purges sent mail past the retention and forgets unconfirmed subscribers now. */
  housekeeping(): Promise<HousekeepingReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  pollEveryMs?: number;
  ratePerMinute?: number;
  retentionDays?: number;
  /** INSTANCE_ID: this instance's name across restarts (unique among running instances); default its host name. */
  instanceId?: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

/** Headers DKIM signs: nodemailer's usual list plus List-Unsubscribe-Post, which RFC 8058 requires to be signed. */
const DKIM_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:List-Unsubscribe:List-Unsubscribe-Post';

export default fp<MailerOptions>(
  async (app, opts) => {
    // Queues the copies of newsletters that are due (or whose queuing a restart interrupted): with or without SMTP.
    const dispatch = async () => {
      try {
        await dispatchDueNewsletters(app.orm.em.fork(), app.services);
      } catch (err) {
        app.log.warn({ err }, 'queuing due newsletters failed');
      }
    };
    const housekeeping = async (): Promise<HousekeepingReport> => {
      const em = app.orm.em.fork();
      const purged = await purgeSent(em, opts.retentionDays);
      const forgotten = await forgetUnconfirmed(em);
      if (purged || forgotten) app.log.info({ purged, forgotten }, 'mail housekeeping');
      return { purged, forgotten };
    };
    let lastHousekeeping = 0;
    const housekeepingIfDue = async () => {
      if (Date.now() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
      lastHousekeeping = Date.now();
      await housekeeping().catch((err: unknown) => app.log.warn({ err }, 'mail housekeeping failed'));
    };

    if (!opts.smtpUrl) {
      app.log.info('SMTP_URL is not set: e-mails stay queued in the database until an instance with SMTP_URL sends them');
      const idle = setInterval(() => void dispatch().then(housekeepingIfDue), 60_000);
      idle.unref();
      app.addHook('onClose', async () => clearInterval(idle));
      // Without a sender, a wake-up still queues newsletters that are due (the copies wait for one that can send).
      let dispatching: Promise<void> = Promise.resolve();
      const poll = async () => {
        dispatching = dispatching.then(dispatch);
        await dispatching;
        return null;
      };
      app.services.mail.wake = () => void poll();
      app.decorate('mailer', { enabled: false, poll, housekeeping });
      app.addHook('preClose', async () => dispatching);
      return;
    }

    // Bounded timeouts keep every send far inside the claim lease (see outbox.service.ts). Nodemailer
    // (about 20 MB resident) is loaded with the first message, not at start-up.
    let transporter: Promise<Transporter> | undefined;
    const transport = () =>
      (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(
          {
            url: opts.smtpUrl,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 30_000,
            ...(opts.dkim ? { dkim: { ...opts.dkim, headerFieldNames: DKIM_HEADERS } } : {}),
          },
          { from: opts.from },
        ),
      ));
    // Every attempt of a message carries one Message-ID (decision 109), at the sending domain.
    const fromDomain = mailDomain(opts.from) ?? 'localhost';
    const send: SendMail = async (message) => {
      await (
        await transport()
      ).sendMail({
        messageId: stableMessageId(message, fromDomain),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.calendar
          ? { icalEvent: { method: message.calendar.method, filename: 'invite.ics', content: message.calendar.content } }
          : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
              })),
            }
          : {}),
      });
    };

    const pollEveryMs = opts.pollEveryMs ?? POLL_EVERY_MS;
    const instance = opts.instanceId ?? defaultInstance();
    const me = senderId(instance);
    liveSenders.add(me);
    // One turn across the lanes for all this sender's passes.
    const lanes: LaneCursor = { next: 0 };
    const embedded = app.orm.config.get('dbName') === 'pglite';
    /** Hands back the claims of senders that are gone (at start, and every minute: one that died beside us). */
    let lastRelease = 0;
    const releaseDead = async () => {
      lastRelease = Date.now();
      try {
        const em = app.orm.em.fork();
        const released = await releaseClaims(em, deadSenders(await claimants(em), { instance, embedded }));
        if (released)
          app.log.warn({ released }, 'e-mails claimed by a sender that died are due again (each goes with the Message-ID it had)');
      } catch (err) {
        app.log.warn({ err }, 'releasing the claims of dead senders failed');
      }
    };
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    /** A wake-up that arrived while a pass was under way must not be lost when that pass reschedules. */
    let woken = false;
    let running: Promise<DeliveryReport | null> = Promise.resolve(null);

    // Every failed attempt is worth a line at warn (LOG_LEVEL=warn in production): which domain refused
    // or could not be reached, and what the server said; never the address (the message id finds the row).
    const onFailure = ({ message, error, final, retryInMs }: FailedAttempt) =>
      app.log.warn(
        {
          mail: {
            id: message.id,
            domain: mailDomain(message.to),
            attempt: message.attempts,
            of: MAX_ATTEMPTS,
            final,
            ...(retryInMs === null ? {} : { retryInSeconds: Math.round(retryInMs / 1000) }),
          },
          smtp: smtpAnswer(error),
        },
        'e-mail attempt failed',
      );

    const pass = async (): Promise<DeliveryReport | null> => {
      if (stopped) return null;
      await dispatch();
      await housekeepingIfDue();
      if (Date.now() - lastRelease >= RELEASE_EVERY_MS) await releaseDead();
      try {
        const report = await deliverDue(app.orm.em.fork(), send, {
          keepGoing: () => !stopped,
          ratePerMinute: opts.ratePerMinute ?? 0,
          onFailure,
          claimant: me,
          lanes,
        });
        if (report.claimed) app.log.info({ ...report }, 'outbox delivery');
        if (report.failed) app.log.error({ failed: report.failed }, 'e-mail failed for the last time; it stays in outbox_messages');
        return report;
      } catch (err) {
        app.log.warn({ err }, 'outbox delivery pass failed');
        return null;
      }
    };
    const poll = () => {
      running = running.then(pass);
      return running;
    };
    const schedule = (ms: number) => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        woken = false;
        void poll().then((report) => {
          // A full batch means more may be due: go on at once rather than after a full interval.
          schedule(woken || (report && report.claimed >= BATCH_SIZE) ? 0 : pollEveryMs);
        });
      }, ms);
      timer.unref();
    };
    const wake = () => {
      woken = true;
      schedule(0);
    };

    app.decorate('mailer', { enabled: true, poll, housekeeping });
    app.services.mail.wake = wake;
    // A response means the request's transaction is committed: send what it queued without waiting.
    app.addHook('onResponse', async (request) => {
      if (request.em && queuedBy.has(request.em)) wake();
    });
    // A sender of this machine or of this instance that was killed (kill -9, a crash, a power cut) held at most
    // the one message it was sending: it is due again at once, not after a lease (decisions 109 and 140).
    app.addHook('onReady', async () => {
      await releaseDead();
      wake();
    });
    // Stop before the database closes: a pass in progress records the send under way and hands the
    // rest of its batch back for the next instance.
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      liveSenders.delete(me);
      if (transporter) (await transporter).close();
    });
  },
  { name: 'mailer', dependencies: ['database'] },
);
