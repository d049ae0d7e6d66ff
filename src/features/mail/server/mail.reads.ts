// The mail feature's face for other features (issue 47): what the outbox says about the site's e-mail.

import type { EntityManager } from '@mikro-orm/postgresql';

export interface OutboxHealth {
  lastSent: Date | null;
  lastFailed: Date | null;
  lastError: string | null;
  queued: number;
}

/** When mail last went out, the last failure and its reason, and how many wait: site health's mail line. */
export async function outboxHealth(em: EntityManager): Promise<OutboxHealth> {
  const [row] = await em.execute<Array<{ last_sent: Date | null; last_failed: Date | null; last_error: string | null; queued: number }>>(
    `select (select max("sent_at") from "outbox_messages" where "status" = 'sent') as last_sent,
            f."created_at" as last_failed, f."last_error" as last_error,
            (select count(*)::int from "outbox_messages" where "status" = 'queued') as queued
     from (select 1) one
     left join lateral (
       select "created_at", "last_error" from "outbox_messages" where "status" = 'failed' order by "created_at" desc limit 1
     ) f on true`,
  );
  return {
    lastSent: row?.last_sent ? new Date(row.last_sent) : null,
    lastFailed: row?.last_failed ? new Date(row.last_failed) : null,
    lastError: row?.last_error ?? null,
    queued: row?.queued ?? 0,
  };
}

/** Whether any e-mail went out after this moment (the go-live checklist's "a test e-mail arrived"). */
export async function mailSentSince(em: EntityManager, since: Date): Promise<boolean> {
  const [row] = await em.execute<Array<{ any: boolean }>>(
    `select exists(select 1 from "outbox_messages" where "status" = 'sent' and "sent_at" > ?) as "any"`,
    [since],
  );
  return row?.any === true;
}
