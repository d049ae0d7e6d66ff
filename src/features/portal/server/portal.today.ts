// What the family portal puts on the breeder's Today screen: pickups from this morning to a week ahead. A
// pickup booked through visits (a live pickup booking of the puppy at the countdown's time) is that booking's
// line on Today instead, so one pickup is one line. The line names the puppy and its family and opens the family's
// record: its latest application (questionnaire, deposit, conversation), or the Families screen for a puppy no
// family has applied for (issue 45).
import type { TodaySource } from '../../../lib/server/today.ts';

const DAY = 86_400_000;

export const portalToday: TodaySource = async (em, now) => {
  const rows = await em.execute<Array<{ id: number; name: string; at: Date; family: string | null; application_id: number | null }>>(
    `select p."id", p."name", k."at", coalesce(nullif(u."display_name", ''), u."username") as "family",
            (select a."id" from "applications" a where a."user_id" = u."id" order by a."id" desc limit 1) as "application_id"
       from "puppy_pickups" k join "puppies" p on p."id" = k."puppy_id" left join "users" u on u."id" = p."family_id"
     where k."at" >= ? and k."at" < ?
       and not exists (select 1 from "bookings" b where b."puppy_id" = k."puppy_id" and b."kind" = 'pickup' and b."status" = 'confirmed' and b."starts_at" = k."at")
     order by k."at" asc limit 50`,
    [new Date(now.getTime() - DAY / 2), new Date(now.getTime() + 8 * DAY)],
  );
  return rows.map((r) => ({
    group: 'scheduled',
    source: 'portal',
    title: r.family ? `${r.name} goes home with ${r.family}` : `${r.name} goes home`,
    at: new Date(r.at).toISOString(),
    href: r.application_id !== null ? `/admin/applications?edit=${r.application_id}` : '/admin/families',
  }));
};
