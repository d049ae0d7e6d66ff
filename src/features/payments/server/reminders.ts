// Balance reminders: an e-mail 7 days before the balance is due and one on the day, each sent once per due date
// (the account records the due date each reminder went out for, so a repeat run or a second instance sends nothing).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailOutbox } from '../../../lib/server/mail.ts';
import { escapeHtml } from '../../../lib/server/mail.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { formatCents } from '../money.ts';
import { paymentSettings } from './payments.service.ts';
import { accountsByIds } from '../../auth/server/auth.reads.ts';

export const WEEK_SUBJECT = 'Your puppy’s balance is due in 7 days';
export const DAY_SUBJECT = 'Your puppy’s balance is due today';

const DAY_MS = 86_400_000;
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

interface DueRow {
  family_id: number;
  due_on: string;
  price_cents: number;
  paid: string;
  name: string;
  email: string | null;
  week_reminder_for: string | null;
  day_reminder_for: string | null;
}

/** Accounts with a balance owed and a due date within 7 days (or past), with what is paid. */
export async function dueAccounts(em: EntityManager, today: string): Promise<Array<DueRow & { balanceCents: number }>> {
  const due = await em.execute<Array<Omit<DueRow, 'name' | 'email'>>>(
    `select "a"."family_id", "a"."due_on", "a"."price_cents", "a"."week_reminder_for", "a"."day_reminder_for",
       coalesce((select sum("x"."amount_cents") from "payments" "x" where "x"."family_id" = "a"."family_id"), 0) as "paid"
     from "payment_accounts" "a"
     where "a"."due_on" is not null and "a"."due_on" <= ?
     order by "a"."due_on" asc, "a"."family_id" asc`,
    [addDays(today, 7)],
  );
  const families = await accountsByIds(
    em,
    due.map((r) => Number(r.family_id)),
  );
  const rows = due.flatMap((r) => {
    const f = families.get(Number(r.family_id));
    return f ? [{ ...r, name: f.greeting, email: f.email }] : [];
  });
  return rows.map((r) => ({ ...r, balanceCents: r.price_cents - Number(r.paid) })).filter((r) => r.balanceCents > 0);
}

/**
 * Queues the reminders due at `now`: the 7-day one from 7 days before the due date until the day before,
 * the on-the-day one from the due date on (a day the job did not run is caught up, once). Returns how many.
 */
export async function runReminders(em: EntityManager, mail: MailOutbox, appOrigin: string, now = new Date()): Promise<number> {
  const today = utcDay(now);
  const due = await dueAccounts(em, today);
  if (!due.length) return 0;
  const { name: breederName } = await mail.breeder(em);
  const { instructions, link } = await paymentSettings(em);
  let queued = 0;
  for (const row of due) {
    const onTheDay = row.due_on <= today;
    if (onTheDay ? row.day_reminder_for === row.due_on : row.week_reminder_for === row.due_on) continue;
    const column = onTheDay ? 'day_reminder_for' : 'week_reminder_for';
    const sent = await em.transactional(async (tx) => {
      // Claimed in the same transaction as the e-mail: of two instances running at once, only the one whose update lands sends.
      const claimed = await tx.execute(
        `update "payment_accounts" set "${column}" = ? where "family_id" = ? and "${column}" is distinct from ?`,
        [row.due_on, row.family_id, row.due_on],
        'run',
      );
      if (!(claimed as { affectedRows?: number }).affectedRows || !row.email) return false;
      mail.enqueue(tx, { lane: 'notification', ...reminderMail(row, onTheDay, today, breederName, instructions, link, appOrigin) });
      return true;
    });
    if (sent) queued++;
  }
  if (queued) mail.wake();
  return queued;
}

function reminderMail(
  row: DueRow & { balanceCents: number },
  onTheDay: boolean,
  today: string,
  breederName: string,
  instructions: string,
  link: string | null,
  appOrigin: string,
) {
  const account = `${appOrigin}/account`;
  const when =
    onTheDay && row.due_on === today
      ? 'is due today'
      : onTheDay
        ? `was due on ${formatDay(row.due_on)}`
        : `is due on ${formatDay(row.due_on)}`;
  const text =
    `Hello ${row.name},\n\nThe balance for your puppy, ${formatCents(row.balanceCents)}, ${when}.\n\n` +
    (instructions ? `How to pay:\n${instructions}\n\n` : '') +
    (link ? `Pay online: ${link}\n\n` : '') +
    `What you have paid so far is on your family page: ${account}\n\n${breederName}\n`;
  return {
    to: row.email!,
    subject: onTheDay ? DAY_SUBJECT : WEEK_SUBJECT,
    text,
    html:
      `<p>Hello ${escapeHtml(row.name)},</p><p>The balance for your puppy, <strong>${formatCents(row.balanceCents)}</strong>, ${escapeHtml(when)}.</p>` +
      (instructions ? `<p>How to pay:</p><p>${escapeHtml(instructions).replace(/\n/g, '<br>')}</p>` : '') +
      (link ? `<p><a href="${escapeHtml(link)}">Pay online</a></p>` : '') +
      `<p><a href="${escapeHtml(account)}">See what you have paid on your family page</a></p><p>${escapeHtml(breederName)}</p>`,
  };
}
