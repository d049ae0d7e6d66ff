import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { Booking } from './visits.entity.ts';
import { visitsToday } from './visits.today.ts';

describe('visits on the Today screen', () => {
  const t = useTestApp();

  it('lists this week’s appointments as scheduled and the last day’s bookings and cancellations as activity', async () => {
    const family = await signIn(t.orm, { isAdmin: false, username: 'today_fam' });
    const now = new Date('2026-12-01T12:00:00Z');
    const em = t.orm.em.fork();
    const make = (id: string, startsAt: string, status: 'confirmed' | 'cancelled', updatedAt: string) =>
      em.create(Booking, {
        family: family.user.id,
        kind: 'visit',
        status,
        startsAt: new Date(startsAt),
        endsAt: new Date(Date.parse(startsAt) + 3_600_000),
        blockEndsAt: new Date(Date.parse(startsAt) + 3_600_000),
        timeZone: 'America/Denver',
        familyTimeZone: 'America/Denver',
        uid: id,
        createdAt: new Date(updatedAt),
        updatedAt: new Date(updatedAt),
      });
    make('soon', '2026-12-03T17:00:00Z', 'confirmed', '2026-11-20T10:00:00Z');
    make('later', '2026-12-20T17:00:00Z', 'confirmed', '2026-11-20T10:00:00Z');
    make('gone', '2026-12-04T17:00:00Z', 'cancelled', '2026-12-01T09:00:00Z');
    await em.flush();
    // updatedAt is stamped on create: put the old ones back in the past.
    await em.getConnection().execute(`update "bookings" set "updated_at" = "created_at"`);
    const items = await visitsToday(t.orm.em.fork(), now);
    expect(items.filter((i) => i.group === 'scheduled').map((i) => i.title)).toEqual(['Visit: today_fam, Thu, Dec 3, 10:00 AM MST']);
    expect(items.filter((i) => i.group === 'activity').map((i) => i.title)).toEqual([
      'today_fam cancelled: visit on Fri, Dec 4, 10:00 AM MST',
    ]);
    expect(items.every((i) => i.source === 'visits' && i.href === '/admin/visits')).toBe(true);
  });
});
