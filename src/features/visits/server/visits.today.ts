// Today's visits: appointments from now to a week ahead (scheduled), and bookings families made or cancelled in the last day (activity).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { KIND_LABELS, formatInZone } from '../visits.schema.ts';
import { Booking } from './visits.entity.ts';
import { loadSettings } from './visits.service.ts';

const DAY = 86_400_000;
const HREF = '/admin/visits';

export const visitsToday: TodaySource = async (em: EntityManager, now: Date): Promise<TodayItem[]> => {
  const settings = await loadSettings(em);
  const rows = await em.find(
    Booking,
    {
      $or: [
        { status: 'confirmed', startsAt: { $gte: now, $lt: new Date(now.getTime() + 7 * DAY) } },
        { updatedAt: { $gte: new Date(now.getTime() - DAY) } },
      ],
    },
    { populate: ['family'], orderBy: { startsAt: 'asc' }, limit: 50 },
  );
  const items: TodayItem[] = [];
  for (const b of rows) {
    const who = b.family.displayName || b.family.username;
    const what = KIND_LABELS[b.kind];
    const when = formatInZone(b.startsAt, settings.timeZone);
    if (b.status === 'confirmed' && b.startsAt >= now && b.startsAt.getTime() < now.getTime() + 7 * DAY) {
      items.push({ group: 'scheduled', source: 'visits', title: `${what}: ${who}, ${when}`, at: b.startsAt.toISOString(), href: HREF });
    }
    if (b.updatedAt.getTime() >= now.getTime() - DAY) {
      const verb = b.status === 'cancelled' ? 'cancelled' : b.sequence > 0 ? 'moved' : 'booked';
      items.push({ group: 'activity', source: 'visits', title: `${who} ${verb}: ${what.toLowerCase()} on ${when}`, at: b.updatedAt.toISOString(), href: HREF });
    }
  }
  return items.slice(0, 50);
};
