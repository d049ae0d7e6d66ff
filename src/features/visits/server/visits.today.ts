// Today's visits: appointments from now to a week ahead (scheduled), and bookings families made or cancelled in the
// last day (activity). A booked pickup is the go-home line (named by its puppy): the portal's countdown line
// steps aside for it (pickups.today.ts), so one pickup is one line.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { DELETED_FAMILY, KIND_LABELS, formatInZone } from '../visits.schema.ts';
import { Booking } from './visits.entity.ts';
import { loadSettings } from './visits.service.ts';
import { puppiesByIds } from '../../puppies/server/puppies.reads.ts';
import { pickupsToday } from './pickups.today.ts';

const DAY = 86_400_000;
const HREF = '/admin/visits';

/** The bookings' lines and the go-home countdowns not booked here. */
export const visitsToday: TodaySource = async (em, now, services) => [
  ...(await bookingsToday(em, now, services)),
  ...(await pickupsToday(em, now, services)),
];

const bookingsToday: TodaySource = async (em: EntityManager, now: Date): Promise<TodayItem[]> => {
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
  const puppyIds = [...new Set(rows.flatMap((b) => (b.kind === 'pickup' && b.puppyId ? [b.puppyId] : [])))];
  const puppies = new Map<number, string>();
  if (puppyIds.length) {
    const named = await puppiesByIds(em, puppyIds);
    for (const p of named) puppies.set(p.id, p.name);
  }
  const items: TodayItem[] = [];
  for (const b of rows) {
    const who = b.family ? b.family.displayName || b.family.username : DELETED_FAMILY;
    const what = KIND_LABELS[b.kind];
    const when = formatInZone(b.startsAt, settings.timeZone);
    const puppy = b.kind === 'pickup' && b.puppyId ? puppies.get(b.puppyId) : undefined;
    if (b.status === 'confirmed' && b.startsAt >= now && b.startsAt.getTime() < now.getTime() + 7 * DAY) {
      const title = puppy ? `${what}: ${puppy} goes home with ${who}, ${when}` : `${what}: ${who}, ${when}`;
      items.push({ group: 'scheduled', source: 'visits', title, at: b.startsAt.toISOString(), href: HREF });
    }
    if (b.updatedAt.getTime() >= now.getTime() - DAY) {
      const title = !b.family
        ? `A deleted account’s ${what.toLowerCase()} on ${when} was cancelled`
        : `${who} ${b.status === 'cancelled' ? 'cancelled' : b.sequence > 0 ? 'moved' : 'booked'}: ${what.toLowerCase()} on ${when}`;
      items.push({ group: 'activity', source: 'visits', title, at: b.updatedAt.toISOString(), href: HREF });
    }
  }
  return items.slice(0, 50);
};
