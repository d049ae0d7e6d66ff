// Mailer plugin: sends the e-mail outbox through SMTP_URL, polling PostgreSQL so any instance may send.
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '../env.ts';
import type { MailOutbox, OutgoingMail } from '../../lib/server/mail.ts';
import { BATCH_SIZE, deliverDue, enqueueMail, type DeliveryReport, type SendMail } from '../../features/mail/server/outbox.service.ts';
import { ensureSettings } from '../../features/settings/server/settings.service.ts';

export const POLL_EVERY_MS = 5_000;

/** Request entity managers that queued a message: their response is the moment it is committed. */
const queuedBy = new WeakSet<EntityManager>();

/** The outbox features use (services.mail). */
export function mailOutbox(): MailOutbox {
  return {
    enqueue(em: EntityManager, mail: OutgoingMail) {
      enqueueMail(em, mail);
      queuedBy.add(em);
    },
    async breeder(em: EntityManager) {
      const settings = await ensureSettings(em);
      return { name: settings.breederName, email: settings.email };
    },
  };
}

/** MAIL_FROM, or no-reply at the site's own host name. */
export function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `no-reply@${new URL(env.APP_ORIGIN).hostname}`;
}

export interface Mailer {
  /** True when SMTP_URL is set: without it messages stay queued until an instance that has it runs. */
  enabled: boolean;
  /** Runs one delivery pass now (after the one in progress, if any). Null when disabled. */
  poll(): Promise<DeliveryReport | null>;
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
}

export default fp<MailerOptions>(
  async (app, opts) => {
    if (!opts.smtpUrl) {
      app.log.info('SMTP_URL is not set: e-mails stay queued in the database until an instance with SMTP_URL sends them');
      app.decorate('mailer', { enabled: false, poll: async () => null });
      return;
    }

    // Bounded timeouts keep every send far inside the claim lease (see outbox.service.ts).
    const transport = nodemailer.createTransport(
      { url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 },
      { from: opts.from },
    );
    const send: SendMail = async (message) => {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    };

    const pollEveryMs = opts.pollEveryMs ?? POLL_EVERY_MS;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    /** A wake-up that arrived while a pass was under way must not be lost when that pass reschedules. */
    let woken = false;
    let running: Promise<DeliveryReport | null> = Promise.resolve(null);

    const pass = async (): Promise<DeliveryReport | null> => {
      if (stopped) return null;
      try {
        const report = await deliverDue(app.orm.em.fork(), send, { keepGoing: () => !stopped });
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

    app.decorate('mailer', { enabled: true, poll });
    // A response means the request's transaction is committed: send what it queued without waiting.
    app.addHook('onResponse', async (request) => {
      if (request.em && queuedBy.has(request.em)) wake();
    });
    app.addHook('onReady', async () => wake());
    // Stop before the database closes: a pass in progress records the send under way and hands the
    // rest of its batch back for the next instance.
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['database'] },
);
