// A pickup is one line on Today: the booking's (visits) when the family booked it, the portal's countdown
// otherwise (issue 32). Both sources read puppy_pickups' go-home time; the portal steps aside for a booking.
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { TODAY_SOURCES } from './today-sources.ts';
import { gatherToday } from '../features/today/server/today.service.ts';

const HOUR = 3_600_000;

describe('Today: pickups', () => {
  const t = useTestApp();

  it('shows a booked pickup once, as the booking, and an unbooked go-home time as the countdown', async () => {
    const now = new Date();
    const family = await signIn(t.orm, { isAdmin: false, username: 'pickup_fam' });
    const em = t.orm.em.fork();
    const puppy = async (name: string) =>
      (
        await em.execute<Array<{ id: number }>>(
          `insert into "puppies" ("name", "gender", "color", "family_id", "created_at", "updated_at") values (?, 'male', 'red', ?, now(), now()) returning "id"`,
          [name, family.user.id],
        )
      )[0]!.id;
    const teddy = await puppy('Teddy');
    const biscuit = await puppy('Biscuit');
    const booked = new Date(Math.ceil((now.getTime() + 2 * 24 * HOUR) / HOUR) * HOUR);
    const countdown = new Date(booked.getTime() + 24 * HOUR);
    // Teddy's pickup was booked (the booking set the countdown), Biscuit's go-home time was set in the portal.
    await em.execute(
      `insert into "bookings" ("family_id", "kind", "starts_at", "ends_at", "block_ends_at", "time_zone", "family_time_zone", "uid", "puppy_id", "created_at", "updated_at")
       values (?, 'pickup', ?, ?, ?, 'America/Denver', 'America/Denver', 'pickup-teddy@test', ?, ?, ?)`,
      [
        family.user.id,
        booked,
        new Date(booked.getTime() + HOUR),
        new Date(booked.getTime() + HOUR),
        teddy,
        new Date(now.getTime() - 3 * 24 * HOUR),
        new Date(now.getTime() - 3 * 24 * HOUR),
      ],
    );
    await em.execute(`insert into "puppy_pickups" ("puppy_id", "at") values (?, ?), (?, ?)`, [teddy, booked, biscuit, countdown]);

    const today = await gatherToday(t.orm.em.fork(), TODAY_SOURCES, now, { warn: () => {} });
    expect(today.unavailable).toEqual([]);
    const pickups = today.scheduled.filter((i) => /Teddy|Biscuit/.test(i.title));
    expect(pickups.map((i) => [i.source, i.at])).toEqual([
      ['visits', booked.toISOString()],
      ['portal', countdown.toISOString()],
    ]);
    expect(pickups[0]!.title).toMatch(/^Pickup \(go-home day\): Teddy goes home with pickup_fam, /);
    expect(pickups[1]!).toMatchObject({ title: 'Biscuit goes home with pickup_fam', href: '/admin/families' });

    // Cancelled, the booking no longer speaks for the pickup: the countdown (if still set) is the line again.
    await em.execute(`update "bookings" set "status" = 'cancelled', "cancelled_at" = now() where "uid" = 'pickup-teddy@test'`);
    const after = await gatherToday(t.orm.em.fork(), TODAY_SOURCES, now, { warn: () => {} });
    expect(after.scheduled.filter((i) => /Teddy/.test(i.title)).map((i) => [i.source, i.title])).toEqual([
      ['portal', 'Teddy goes home with pickup_fam'],
    ]);
  });
});
