// Today (issue 34): balances overdue, and balances falling due within 7 days, for the dashboard's Today screen.
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { formatShortDay } from '../../../lib/shared/format.ts';
import { formatCents } from '../money.ts';
import { dueAccounts, utcDay } from './reminders.ts';

export const paymentsToday: TodaySource = async (em, now) => {
  const today = utcDay(now);
  const due = await dueAccounts(em, today);
  return due.slice(0, 50).map((row): TodayItem => ({
    group: 'action',
    source: 'payments',
    title:
      row.due_on < today
        ? `${row.name}: balance of ${formatCents(row.balanceCents)} overdue since ${formatShortDay(row.due_on, now)}`
        : row.due_on === today
          ? `${row.name}: balance of ${formatCents(row.balanceCents)} due today`
          : `${row.name}: balance of ${formatCents(row.balanceCents)} due ${formatShortDay(row.due_on, now)}`,
    at: `${row.due_on}T00:00:00.000Z`,
    day: row.due_on,
    href: `/admin/payments?edit=${row.family_id}`,
    ...(row.due_on < today ? { overdue: true } : {}),
  }));
};
