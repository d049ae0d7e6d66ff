// Today: conversations where a family wrote and the breeder has not read it yet (overdue after a day).
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { accountsByIds } from '../../auth/server/auth.reads.ts';

const DAY_MS = 86_400_000;

export const messagesToday: TodaySource = async (em, now) => {
  const conversations = await em.execute<
    Array<{ id: number; family_id: number | null; email: string | null; preview: string; unread: number; last: Date | string }>
  >(
    `select c."id", c."family_id", c."email", c."preview", c."breeder_unread" as "unread", c."last_message_at" as "last"
       from "conversations" c
      where c."breeder_unread" > 0 and c."last_message_at" is not null
      order by c."last_message_at" asc, c."id" asc
      limit 50`,
  );
  const families = await accountsByIds(em, [...new Set(conversations.flatMap((c) => (c.family_id === null ? [] : [Number(c.family_id)])))]);
  const rows = conversations.map((c) => ({
    ...c,
    name: c.family_id === null ? null : (families.get(Number(c.family_id))?.greeting ?? null),
  }));
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
