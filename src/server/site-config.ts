// The deployment's settings as the site health checks and the server's backups read them, from the environment.
import path from 'node:path';
import type { Env } from './env.ts';
import type { SiteConfig } from '../lib/server/trpc.ts';
import { mailFrom } from './plugins/mailer.ts';

export function siteConfigOf(env: Env): SiteConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    appOrigin: env.APP_ORIGIN,
    trustProxy: env.TRUST_PROXY,
    database: env.DATABASE_URL ? 'postgres' : 'embedded',
    dataDir,
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupSchedule: env.BACKUP_SCHEDULE === 'off' ? null : env.BACKUP_SCHEDULE.trim().replace(/\s+/g, ' '),
    keepDaily: env.BACKUP_KEEP_DAILY,
    keepWeekly: env.BACKUP_KEEP_WEEKLY,
    dnsServers: env.DNS_SERVERS,
    smtpConfigured: env.SMTP_URL !== undefined,
    mailFrom: mailFrom(env),
    mailDomain: env.MAIL_DOMAIN ?? new URL(env.APP_ORIGIN).hostname,
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? { domain: env.DKIM_DOMAIN, selector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY }
        : null,
    inboundMail: env.INBOUND_EMAIL_SECRET !== undefined || env.INBOUND_SMTP_PORT !== undefined,
  };
}
