// A booking set-up for any test that books a visit through the real app (the visits feature's own tests, and the
// push test's booking notification): the breeder's hours, a family allowed to book, a time in the breeder's zone.
import type { MikroORM } from '@mikro-orm/postgresql';
import { signIn } from './auth.ts';
import { ANSWERS } from './applications.ts';
import type { appRouter } from '../router.ts';
import type { SessionUser } from '../../lib/server/trpc.ts';
import type { AvailabilitySettingsInput } from '../../features/visits/visits.schema.ts';
import { localDate, zonedToInstant } from '../../features/visits/server/slots.ts';

export const DENVER = 'America/Denver';
const DAY = 86_400_000;

/** Open every day 09:00 to 17:00 in Denver, no cut-off: an hour's visit (15 minutes between), a 45-minute pickup, a half-hour video call. */
export const OPEN_EVERY_DAY: AvailabilitySettingsInput = {
  timeZone: DENVER,
  cutoffHours: 0,
  kinds: {
    visit: { slotMinutes: 60, bufferMinutes: 15, enabled: true },
    pickup: { slotMinutes: 45, bufferMinutes: 15, enabled: true },
    video: { slotMinutes: 30, bufferMinutes: 0, enabled: true },
  },
  openings: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  closures: [],
};

/** An instant at a Denver wall-clock time, `days` after today (ISO). */
export const denverAt = (days: number, time: string) =>
  new Date(zonedToInstant(localDate(Date.now() + days * DAY, DENVER), time, DENVER)).toISOString();

export interface BookingFamily {
  cookie: string;
  user: SessionUser;
  email: string;
}

/** A tRPC caller as a given user. */
type CallerAs = (user: SessionUser) => ReturnType<typeof appRouter.createCaller>;

/**
 * A signed-in family `name` (name@example.com); with `status`, its application submitted and set to that status
 * (who may book what follows from it: approved families visit, matched ones pick up).
 */
export async function bookingFamily(orm: MikroORM, caller: CallerAs, name: string, status: string | null): Promise<BookingFamily> {
  const email = `${name}@example.com`;
  const f = await signIn(orm, { isAdmin: false, username: name, email });
  if (status) {
    await caller(f.user).applications.submit({ ...ANSWERS, email, idempotencyKey: `${name}-key` });
    await orm.em.fork().getConnection().execute(`update "applications" set "status" = ? where "user_id" = ?`, [status, f.user.id]);
  }
  return { ...f, email };
}
