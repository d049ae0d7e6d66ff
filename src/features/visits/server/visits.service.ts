// Bookings: who may book what, free slots from the breeder's hours, booking, moving and cancelling with an
// invitation e-mail each time, the family's .ics and the breeder's private feed. The database's exclusion
// constraint (bookings_no_overlap) is the last word on double booking: a race loses with a clear CONFLICT.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, badRequest } from '../../../lib/server/errors.ts';
import { type MailOutbox } from '../../../lib/server/mail.ts';
import type { AppServices, SessionUser } from '../../../lib/server/trpc.ts';
import { User } from '../../auth/server/user.entity.ts';
import {
  APPOINTMENT_KINDS,
  KIND_LABELS,
  VISITS_MESSAGES,
  notAllowedMessage,
  type AppointmentKind,
  type AvailabilityQuery,
  type BookInput,
  type BookingDto,
  type BookingOptionsDto,
  type SlotDto,
} from '../visits.schema.ts';
import { buildCalendar } from './ics.ts';
import { generateSlots, localDate, zonedToInstant, type Closure, type ExtraOpening, type Interval, type Opening } from './slots.ts';
import { Booking, VisitSettings, type IBooking, type IVisitSettings, type KindSettings } from './visits.entity.ts';
import { clearPickup, setPickup } from '../../portal/server/portal.reads.ts';
import { familyName, icsEvent, mailFamily } from './booking-mail.ts';
import { DEFAULT_KINDS, kindSettings, familyFacts, checkRule } from './booking-rules.ts';

export const HOUR = 3_600_000;

/** The one settings row, made on first use (by whichever instance comes first). */
export async function loadSettings(em: EntityManager): Promise<IVisitSettings> {
  const settings = await em.findOne(VisitSettings, 1);
  if (settings) return settings;
  await em.execute(
    `insert into "visit_settings" ("id", "kinds", "openings", "closures") values (1, ?, '[]', '[]') on conflict ("id") do nothing`,
    [JSON.stringify(DEFAULT_KINDS)],
  );
  return em.findOneOrFail(VisitSettings, 1);
}

/** Thrown by the database when two live bookings would overlap (SQLSTATE 23P01 on bookings_no_overlap). */
export function isOverlap(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '23P01') return true;
    if (typeof message === 'string' && message.includes('bookings_no_overlap')) return true;
  }
  return false;
}

const taken = () => new AppError('CONFLICT', VISITS_MESSAGES.taken);
const notFoundBooking = () => new AppError('NOT_FOUND', VISITS_MESSAGES.notFound);

interface SlotSettings {
  timeZone: string;
  cutoffHours: number;
  kinds: Record<AppointmentKind, KindSettings>;
  openings: Opening[];
  closures: Closure[];
  extraOpenings: ExtraOpening[];
}

function rulesOf(settings: SlotSettings, kind: AppointmentKind) {
  const k = kindSettings(settings.kinds, kind);
  return {
    timeZone: settings.timeZone,
    openings: settings.openings,
    closures: settings.closures,
    extraOpenings: settings.extraOpenings ?? [],
    slotMinutes: k.slotMinutes,
    bufferMinutes: k.bufferMinutes,
  };
}

/**
 * The settings and the live bookings' blocks in a window, in one round trip. The blocks come as two arrays of
 * epoch milliseconds (not a row each: building, sending and reading 500 rows was most of the answer's time),
 * found through the exclusion constraint's own gist index, so years of past bookings cost nothing.
 */
async function slotInputs(em: EntityManager, from: number, to: number): Promise<{ settings: SlotSettings; busy: Interval[] }> {
  const read = () =>
    em.execute<
      Array<{
        time_zone: string;
        cutoff_hours: number;
        kinds: unknown;
        openings: unknown;
        closures: unknown;
        extra_openings: unknown;
        s: number[] | null;
        e: number[] | null;
      }>
    >(
      `select v."time_zone", v."cutoff_hours", v."kinds", v."openings", v."closures", v."extra_openings", b."s", b."e"
         from "visit_settings" v,
              lateral (select array_agg(date_part('epoch', "starts_at") * 1000 order by "starts_at") as "s",
                              array_agg(date_part('epoch', "block_ends_at") * 1000 order by "starts_at") as "e"
                         from "bookings"
                        where "status" <> 'cancelled' and tstzrange("starts_at", "block_ends_at", '[)') && tstzrange(?::timestamptz, ?::timestamptz, '[)')) b
        where v."id" = 1`,
      [new Date(from), new Date(to)],
    );
  let [row] = await read();
  if (!row) {
    await loadSettings(em);
    [row] = await read();
  }
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const kinds = json<Record<AppointmentKind, KindSettings>>(row!.kinds);
  const settings: SlotSettings = {
    timeZone: row!.time_zone,
    cutoffHours: Number(row!.cutoff_hours),
    kinds: Object.fromEntries(APPOINTMENT_KINDS.map((k) => [k, kindSettings(kinds, k)])) as Record<AppointmentKind, KindSettings>,
    openings: json<Opening[]>(row!.openings),
    closures: json<Closure[]>(row!.closures),
    extraOpenings: json<ExtraOpening[]>(row!.extra_openings),
  };
  const starts = row!.s ?? [];
  const ends = row!.e ?? [];
  return { settings, busy: starts.map((start, i) => ({ start: Number(start), end: Number(ends[i]) })) };
}

/**
 * Free slots of a kind in [from, to): on the grid, in the hours, after the cut-off, and clear of every live
 * booking; for a family whose rule starts later (a pickup before the puppy's age), from that day on.
 */
export async function availability(
  em: EntityManager,
  input: { kind: AppointmentKind; from: string; to: string },
  now = new Date(),
  userId?: number,
): Promise<SlotDto[]> {
  let from = Date.parse(input.from);
  const to = Date.parse(input.to);
  const { settings, busy } = await slotInputs(em, from - 24 * HOUR, to + 24 * HOUR);
  const k = settings.kinds[input.kind];
  if (!k.enabled) return [];
  if (userId !== undefined && k.who === 'matched' && k.puppyWeeks > 0) {
    const readyOn = checkRule(k, await familyFacts(em, userId), null).readyOn;
    if (readyOn) from = Math.max(from, zonedToInstant(readyOn, '00:00', settings.timeZone));
  }
  return generateSlots(rulesOf(settings, input.kind), { from, to, notBefore: now.getTime() + settings.cutoffHours * HOUR, busy }).map(
    (s) => ({
      startsAt: new Date(s.start).toISOString(),
      endsAt: new Date(s.end).toISOString(),
    }),
  );
}
export type { AvailabilityQuery };

/** The slot a requested start names, or the reason it is not one (past, too soon, off the grid). */
function slotAt(settings: IVisitSettings, kind: AppointmentKind, startsAt: string, now: Date) {
  const start = Date.parse(startsAt);
  if (start <= now.getTime()) throw badRequest(VISITS_MESSAGES.past);
  if (!kindSettings(settings.kinds, kind).enabled) throw badRequest(VISITS_MESSAGES.offGrid);
  const slot = generateSlots(rulesOf(settings, kind), { from: start, to: start + 1, notBefore: 0, busy: [] })[0];
  if (!slot || slot.start !== start) throw badRequest(VISITS_MESSAGES.offGrid);
  if (start < now.getTime() + settings.cutoffHours * HOUR) throw badRequest(VISITS_MESSAGES.tooSoon);
  return slot;
}

function changeable(b: IBooking, settings: IVisitSettings, now: Date): boolean {
  return b.status === 'confirmed' && b.startsAt.getTime() - now.getTime() >= settings.cutoffHours * HOUR;
}

export function toBookingDto(b: IBooking, settings: IVisitSettings, now = new Date()): BookingDto {
  return {
    id: b.id,
    kind: b.kind,
    status: b.status,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    timeZone: b.timeZone,
    note: b.note,
    breederMessage: b.breederMessage,
    changeable: changeable(b, settings, now),
  };
}

// Pickup: the portal's countdown is the portal's pickup, set and cleared through its reads face.

// The family's side.

/** What the portal offers the family: each kind the breeder has switched on, whether this family may book it, why not, and from when. */
export async function bookingOptions(em: EntityManager, userId: number, now = new Date()): Promise<BookingOptionsDto> {
  const settings = await loadSettings(em);
  const facts = await familyFacts(em, userId);
  const answer: BookingOptionsDto = {
    timeZone: settings.timeZone,
    cutoffHours: settings.cutoffHours,
    kinds: { visit: false, pickup: false, video: false },
    reasons: {},
    bookableFrom: {},
  };
  for (const kind of APPOINTMENT_KINDS) {
    const k = kindSettings(settings.kinds, kind);
    if (!k.enabled) continue;
    const rule = checkRule(k, facts, null);
    answer.kinds[kind] = rule.ok;
    if (!rule.ok) answer.reasons[kind] = notAllowedMessage(kind, k.who, k.puppyWeeks);
    const from = rule.readyOn ? zonedToInstant(rule.readyOn, '00:00', settings.timeZone) : null;
    if (from !== null && from > now.getTime()) answer.bookableFrom[kind] = new Date(from).toISOString();
  }
  return answer;
}

export async function book(
  em: EntityManager,
  services: AppServices,
  user: SessionUser,
  input: BookInput & { note: string },
  now = new Date(),
): Promise<BookingDto> {
  const settings = await loadSettings(em);
  const facts = await familyFacts(em, user.id);
  const slot = slotAt(settings, input.kind, input.startsAt, now);
  const k = kindSettings(settings.kinds, input.kind);
  // The rule is checked on the appointment's own day: a pickup may be booked ahead for the day the puppy is old enough.
  const rule = checkRule(k, facts, localDate(slot.start, settings.timeZone));
  if (!rule.ok) throw new AppError('FORBIDDEN', notAllowedMessage(input.kind, k.who, k.puppyWeeks));
  const puppyId = input.kind === 'pickup' ? rule.puppyId : null;
  const domain = new URL(services.env.appOrigin).hostname;
  try {
    const booking = await em.transactional(async (tx) => {
      const b = tx.create(Booking, {
        family: user.id,
        kind: input.kind,
        status: 'confirmed',
        startsAt: new Date(slot.start),
        endsAt: new Date(slot.end),
        blockEndsAt: new Date(slot.blockEnd),
        timeZone: settings.timeZone,
        familyTimeZone: input.timeZone ?? settings.timeZone,
        note: input.note,
        breederMessage: '',
        uid: `booking-${randomBytes(12).toString('hex')}@${domain}`,
        sequence: 0,
        puppyId,
        remindedAt: null,
        cancelledAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await tx.flush();
      if (puppyId) await setPickup(tx, puppyId, b.startsAt);
      await mailFamily(tx, services.mail, services.env.appOrigin, b, 'booked');
      await tx.flush();
      return b;
    });
    services.mail.notify(em);
    // The breeder's devices that chose bookings (issue 34).
    services.push.notify(
      em,
      'booking',
      { title: `New booking: ${KIND_LABELS[booking.kind].toLowerCase()}`, url: '/admin/visits' },
      { breeder: true },
    );
    return toBookingDto(booking, settings, now);
  } catch (error) {
    if (isOverlap(error)) throw taken();
    throw error;
  }
}

export async function myBookings(em: EntityManager, userId: number, now = new Date()): Promise<BookingDto[]> {
  const settings = await loadSettings(em);
  // A family's own bookings: at most a handful a year, bounded here all the same.
  const rows = await em.find(Booking, { family: userId }, { orderBy: { startsAt: 'desc' }, limit: 100 });
  return rows.map((b) => toBookingDto(b, settings, now));
}

async function ownBooking(em: EntityManager, userId: number, id: number): Promise<IBooking> {
  const b = await em.findOne(Booking, { id, family: userId });
  if (!b) throw notFoundBooking();
  return b;
}

async function applyCancel(em: EntityManager, services: AppServices, b: IBooking, message: string, now: Date): Promise<void> {
  await em.transactional(async (tx) => {
    const row = tx.merge(b);
    row.status = 'cancelled';
    row.cancelledAt = now;
    row.sequence += 1;
    row.updatedAt = now;
    if (message) row.breederMessage = message;
    if (row.puppyId) await clearPickup(tx, row.puppyId, row.startsAt);
    await mailFamily(tx, services.mail, services.env.appOrigin, row, 'cancelled', message);
    await tx.flush();
  });
  services.mail.notify(em);
}

async function applyMove(
  em: EntityManager,
  services: AppServices,
  b: IBooking,
  startsAt: string,
  message: string,
  now: Date,
  checkGrid: boolean,
): Promise<void> {
  const settings = await loadSettings(em);
  const start = Date.parse(startsAt);
  let slot: { start: number; end: number; blockEnd: number };
  if (checkGrid) {
    slot = slotAt(settings, b.kind, startsAt, now);
  } else {
    // The breeder may move a booking to any future time, off the grid and outside the hours; never onto another.
    if (start <= now.getTime()) throw badRequest(VISITS_MESSAGES.past);
    const k = kindSettings(settings.kinds, b.kind);
    slot = { start, end: start + k.slotMinutes * 60_000, blockEnd: start + (k.slotMinutes + k.bufferMinutes) * 60_000 };
  }
  try {
    await em.transactional(async (tx) => {
      const row = tx.merge(b);
      const oldStart = row.startsAt;
      row.startsAt = new Date(slot.start);
      row.endsAt = new Date(slot.end);
      row.blockEndsAt = new Date(slot.blockEnd);
      row.sequence += 1;
      row.updatedAt = now;
      row.remindedAt = null;
      if (message) row.breederMessage = message;
      await tx.flush();
      if (row.puppyId) {
        await clearPickup(tx, row.puppyId, oldStart);
        await setPickup(tx, row.puppyId, row.startsAt);
      }
      await mailFamily(tx, services.mail, services.env.appOrigin, row, 'moved', message);
      await tx.flush();
    });
  } catch (error) {
    if (isOverlap(error)) throw taken();
    throw error;
  }
  services.mail.notify(em);
}

export async function cancelMine(
  em: EntityManager,
  services: AppServices,
  userId: number,
  id: number,
  now = new Date(),
): Promise<BookingDto> {
  const settings = await loadSettings(em);
  const b = await ownBooking(em, userId, id);
  if (b.status === 'cancelled') throw new AppError('CONFLICT', VISITS_MESSAGES.cancelled);
  if (!changeable(b, settings, now)) throw badRequest(VISITS_MESSAGES.pastCutoff);
  await applyCancel(em, services, b, '', now);
  return toBookingDto(b, settings, now);
}

export async function rescheduleMine(
  em: EntityManager,
  services: AppServices,
  userId: number,
  input: { id: number; startsAt: string },
  now = new Date(),
): Promise<BookingDto> {
  const settings = await loadSettings(em);
  const b = await ownBooking(em, userId, input.id);
  if (b.status === 'cancelled') throw new AppError('CONFLICT', VISITS_MESSAGES.cancelled);
  if (!changeable(b, settings, now)) throw badRequest(VISITS_MESSAGES.pastCutoff);
  await applyMove(em, services, b, input.startsAt, '', now, true);
  return toBookingDto(b, settings, now);
}

/** One of the family's bookings as an .ics file (PUBLISH: a copy to import, the same UID as the invitation). */
export async function myBookingIcs(em: EntityManager, services: AppServices, userId: number, id: number): Promise<string> {
  const b = await ownBooking(em, userId, id);
  const user = await em.findOneOrFail(User, userId);
  const breeder = await services.mail.breeder(em);
  return buildCalendar({
    method: 'PUBLISH',
    timeZone: b.timeZone,
    events: [icsEvent(b, breeder, { name: familyName(user), email: null })],
  });
}

// The breeder's side.

export async function adminCancel(em: EntityManager, services: AppServices, id: number, message: string, now = new Date()): Promise<void> {
  const b = await em.findOne(Booking, id);
  if (!b) throw notFoundBooking();
  if (b.status === 'cancelled') throw new AppError('CONFLICT', VISITS_MESSAGES.cancelled);
  await applyCancel(em, services, b, message, now);
}

export async function adminMove(
  em: EntityManager,
  services: AppServices,
  input: { id: number; startsAt: string; message: string },
  now = new Date(),
): Promise<void> {
  const b = await em.findOne(Booking, input.id);
  if (!b) throw notFoundBooking();
  if (b.status === 'cancelled') throw new AppError('CONFLICT', VISITS_MESSAGES.cancelled);
  await applyMove(em, services, b, input.startsAt, input.message, now, false);
}

// The reminder the day before.

/**
 * Queues the reminder of every booking that starts within a day and was made more than a day ahead. A
 * booking is claimed by setting remindedAt in the same statement, so two instances never send two.
 */
export async function runReminders(em: EntityManager, mail: MailOutbox, appOrigin: string, now = new Date()): Promise<number> {
  let queued = 0;
  await em.transactional(async (tx) => {
    const rows = await tx.execute<Array<{ id: number }>>(
      `update "bookings" set "reminded_at" = ? where "id" in (
         select "id" from "bookings" where "status" = 'confirmed' and "reminded_at" is null
            and "starts_at" > ? and "starts_at" <= ? and "created_at" <= "starts_at" - interval '1 day'
          order by "starts_at" limit 100 for update skip locked)
       returning "id"`,
      [now, now, new Date(now.getTime() + 24 * HOUR)],
    );
    for (const { id } of rows) {
      const b = await tx.findOneOrFail(Booking, id);
      await mailFamily(tx, mail, appOrigin, b, 'reminder');
      queued++;
    }
    await tx.flush();
  });
  if (queued) mail.wake();
  return queued;
}

// Account deletion.

/**
 * The family's bookings when it deletes its account (runs in the deletion's transaction, before the user row
 * goes). Future ones are cancelled as the breeder would: the time is free again, a pickup's countdown goes, the
 * family gets METHOD:CANCEL with the invitation's UID, and the breeder's feed carries the cancellation. Every
 * booking of the family, past or cancelled, is then kept anonymised: no link to the account, no note or message,
 * the family's own zone forgotten (decision 122).
 */
export async function eraseBookingsOf(
  em: EntityManager,
  mail: MailOutbox,
  appOrigin: string,
  userId: number,
  now = new Date(),
): Promise<void> {
  const future = await em.find(Booking, { family: userId, status: 'confirmed', startsAt: { $gt: now } }, { orderBy: { startsAt: 'asc' } });
  for (const b of future) {
    b.status = 'cancelled';
    b.cancelledAt = now;
    b.sequence += 1;
    b.updatedAt = now;
    if (b.puppyId) await clearPickup(em, b.puppyId, b.startsAt);
    await mailFamily(em, mail, appOrigin, b, 'erased');
  }
  await em.flush();
  await em.execute(
    `update "bookings" set "family_id" = null, "note" = '', "breeder_message" = '', "family_time_zone" = "time_zone" where "family_id" = ?`,
    [userId],
  );
  if (future.length) mail.notify(em);
}
