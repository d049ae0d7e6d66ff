// What the subscribers put on the breeder's Today screen: who unsubscribed this week.
import type { TodaySource } from '../../../lib/server/today.ts';

const DAY = 86_400_000;

export const subscribersToday: TodaySource = async (em, now) => {
  const rows = await em.execute<Array<{ email: string; name: string | null; updated_at: Date }>>(
    `select "email", "name", "updated_at" from "subscribers" where "status" = 'unsubscribed' and "updated_at" > ? and "updated_at" <= ?
     order by "updated_at" desc limit 50`,
    [new Date(now.getTime() - 7 * DAY), now],
  );
  return rows.map((r) => ({
    group: 'activity',
    source: 'subscribers',
    title: `${r.name ? `${r.name} (${r.email})` : r.email} unsubscribed from the newsletter`,
    at: new Date(r.updated_at).toISOString(),
    href: '/admin/subscribers',
  }));
};
