// What the litters put on the breeder's Today screen: litters due within two weeks (or overdue and not yet born).
import type { TodaySource } from '../../../lib/server/today.ts';
import { formatShortDay } from '../../../lib/shared/format.ts';

const DAY = 86_400_000;

export const littersToday: TodaySource = async (em, now) => {
  const today = now.toISOString().slice(0, 10);
  const horizon = new Date(now.getTime() + 14 * DAY).toISOString().slice(0, 10);
  const rows = await em.execute<Array<{ id: number; name: string; expected_date: string }>>(
    `select "id", "name", "expected_date" from "litters"
     where "active" and "birth_date" is null and "expected_date" is not null and "expected_date" <= ?
     order by "expected_date" asc limit 50`,
    [horizon],
  );
  return rows.map((r) => ({
    group: 'scheduled',
    source: 'litters',
    title: r.expected_date < today ? `The ${r.name} was due on ${formatShortDay(r.expected_date, now)}` : `The ${r.name} is due`,
    // Noon UTC orders it among the timed lines; the screen shows `day` as it is.
    at: `${r.expected_date}T12:00:00.000Z`,
    day: r.expected_date,
    href: `/admin/litters?edit=${r.id}`,
    overdue: r.expected_date < today,
  }));
};
