// What the applications put on the breeder's Today screen: undecided applications to act on, and who applied or withdrew.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';

const DAY = 86_400_000;
/** An application left undecided this long is overdue: a family that waits goes to another breeder. */
const ANSWER_WITHIN_MS = 2 * DAY;

export const applicationsToday: TodaySource = async (em: EntityManager, now: Date) => {
  const [open, events] = await Promise.all([
    em.execute<Array<{ id: number; name: string; status: string; read_at: Date | null; created_at: Date }>>(
      `select "id", "name", "status", "read_at", "created_at" from "applications"
       where "status" in ('submitted', 'in_review') and "anonymised_at" is null and "created_at" <= ?
       order by "created_at" asc limit 50`,
      [now],
    ),
    em.execute<Array<{ application_id: number; name: string; status: string; at: Date }>>(
      `select e."application_id", a."name", e."status", e."at" from "application_events" e
       join "applications" a on a."id" = e."application_id"
       where e."status" in ('submitted', 'withdrawn') and e."at" > ? and e."at" <= ?
       order by e."at" desc limit 50`,
      [new Date(now.getTime() - 7 * DAY), now],
    ),
  ]);
  const items: TodayItem[] = open.map((a) => ({
    group: 'action',
    source: 'applications',
    title: a.status === 'submitted' && !a.read_at ? `New application from ${a.name}` : `Application from ${a.name} waits for your decision`,
    at: new Date(a.created_at).toISOString(),
    href: `/admin/applications?edit=${a.id}`,
    overdue: now.getTime() - new Date(a.created_at).getTime() > ANSWER_WITHIN_MS,
  }));
  for (const e of events) {
    items.push({
      group: 'activity',
      source: 'applications',
      title: e.status === 'withdrawn' ? `${e.name} withdrew their application` : `${e.name} applied`,
      at: new Date(e.at).toISOString(),
      href: `/admin/applications?edit=${e.application_id}`,
    });
  }
  return items;
};
