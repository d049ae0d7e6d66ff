// Today: conversations where a family wrote and the breeder has not read it yet (overdue after a day).
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';

const DAY_MS = 86_400_000;

export const messagesToday: TodaySource = async (em, now) => {
  const rows = await em.execute<
    Array<{ id: number; name: string | null; email: string | null; preview: string; unread: number; last: Date | string }>
  >(
    `select c."id", coalesce(nullif(u."display_name", ''), u."username") as "name", c."email", c."preview", c."breeder_unread" as "unread", c."last_message_at" as "last"
       from "conversations" c left join "users" u on u."id" = c."family_id"
      where c."breeder_unread" > 0 and c."last_message_at" is not null
      order by c."last_message_at" asc, c."id" asc
      limit 50`,
  );
  return rows.map((r): TodayItem => {
    const at = new Date(r.last);
    const who = r.name ?? r.email ?? 'A visitor';
    const more = r.unread > 1 ? ` (${r.unread} unread)` : '';
    return {
      group: 'action',
      source: 'messages',
      title: `${who} wrote: ${r.preview}${more}`,
      at: at.toISOString(),
      href: `/admin/messages?edit=${r.id}`,
      overdue: now.getTime() - at.getTime() > DAY_MS,
    };
  });
};
