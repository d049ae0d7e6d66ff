// What the inquiries put on the breeder's Today screen: unread inquiries, oldest first.
import type { TodaySource } from '../../../lib/server/today.ts';

const DAY = 86_400_000;

export const inquiriesToday: TodaySource = async (em, now) => {
  const rows = await em.execute<Array<{ id: number; name: string; created_at: Date }>>(
    `select "id", "name", "created_at" from "inquiries" where "read_at" is null and "created_at" <= ? order by "created_at" asc limit 50`,
    [now],
  );
  return rows.map((r) => ({
    group: 'action',
    source: 'inquiries',
    title: `Unread inquiry from ${r.name}`,
    at: new Date(r.created_at).toISOString(),
    href: `/admin/inbox?edit=${r.id}`,
    overdue: now.getTime() - new Date(r.created_at).getTime() > DAY,
  }));
};
