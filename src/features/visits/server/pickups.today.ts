// The go-home countdowns on the breeder's Today screen: pickups (the portal's countdown times, read through its face)
// from this morning to a week ahead. A pickup booked here (a live pickup booking of the puppy at the countdown's time)
// is that booking's line on Today instead, so one pickup is one line. It lives in visits, which writes those times,
// so portal and visits no longer read each other (issue 47); its lines keep the source 'portal' they always had. The line names the puppy and its family and opens the family's
// record: its latest application (questionnaire, deposit, conversation), or the Families screen for a puppy no
// family has applied for (issue 45).
import type { TodaySource } from '../../../lib/server/today.ts';
import { latestApplicationIds } from '../../applications/server/applications.reads.ts';
import { accountsByIds } from '../../auth/server/auth.reads.ts';
import { puppiesByIds } from '../../puppies/server/puppies.reads.ts';
import { pickupsBetween } from '../../portal/server/portal.reads.ts';
import { confirmedPickupBookings } from './visits.reads.ts';

const DAY = 86_400_000;

export const pickupsToday: TodaySource = async (em, now) => {
  const pickups = await pickupsBetween(em, new Date(now.getTime() - DAY / 2), new Date(now.getTime() + 8 * DAY));
  const ids = pickups.map((k) => k.puppyId);
  const puppies = new Map((await puppiesByIds(em, ids)).map((p) => [p.id, p]));
  const booked = await confirmedPickupBookings(em, ids);
  const familyIds = [...new Set([...puppies.values()].flatMap((p) => (p.familyId === null ? [] : [p.familyId])))];
  const [families, applications] = [await accountsByIds(em, familyIds), await latestApplicationIds(em, familyIds)];
  const rows = pickups
    .flatMap((k) => {
      const at = k.at;
      const puppy = puppies.get(k.puppyId);
      if (!puppy || booked.has(`${puppy.id}@${at.getTime()}`)) return [];
      const family = puppy.familyId === null ? undefined : families.get(puppy.familyId);
      return [
        {
          id: puppy.id,
          name: puppy.name,
          at,
          family: family?.greeting ?? null,
          application_id: family ? (applications.get(family.id) ?? null) : null,
        },
      ];
    })
    .slice(0, 50);
  return rows.map((r) => ({
    group: 'scheduled',
    source: 'portal',
    title: r.family ? `${r.name} goes home with ${r.family}` : `${r.name} goes home`,
    at: new Date(r.at).toISOString(),
    href: r.application_id !== null ? `/admin/applications?edit=${r.application_id}` : '/admin/families',
  }));
};
