// Visits and go-home day: the breeder's availability (one row) and the bookings families make from it.
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../auth/server/user.entity.ts';
import { APPOINTMENT_KINDS, BOOKING_STATUSES, DEFAULT_TIME_ZONE, type AppointmentKind, type BookingRule } from '../visits.schema.ts';
import type { Closure, ExtraOpening, Opening } from './slots.ts';

export interface KindSettings {
  slotMinutes: number;
  bufferMinutes: number;
  enabled: boolean;
  /** Who may book this kind (missing in rows saved before it existed: loadSettings fills in today's rule). */
  who: BookingRule;
  /** With who = matched: the puppy's age in weeks on the day. */
  puppyWeeks: number;
}

/** The breeder's hours (always the row with id 1): zone, cut-off, per-kind slot and buffer, weekly openings and closed days. */
export const VisitSettings = defineEntity({
  name: 'VisitSettings',
  tableName: 'visit_settings',
  properties: {
    id: p.integer().primary(),
    timeZone: p.string().length(64).default(DEFAULT_TIME_ZONE),
    /** Hours before an appointment after which a family can no longer book, move or cancel it online. */
    cutoffHours: p.integer().default(24),
    kinds: p.json<Record<AppointmentKind, KindSettings>>(),
    openings: p.json<Opening[]>(),
    closures: p.json<(Closure & { reason: string })[]>(),
    /** Openings on single dates beyond the weekly hours. */
    extraOpenings: p.json<ExtraOpening[]>(),
    /** sha256 of the breeder's calendar feed token (null: no feed). */
    feedTokenHash: p.string().length(64).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IVisitSettings = InstanceType<typeof VisitSettings.class>;

/**
 * One appointment. No two live bookings' [startsAt, blockEndsAt) overlap: an exclusion constraint in the
 * database (bookings_no_overlap) holds it for every instance and every transaction.
 */
export const Booking = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** null once the family deleted its account: its bookings are kept anonymised (decision 122). */
    family: () => p.manyToOne(User).deleteRule('cascade').index().nullable(),
    kind: p.enum(APPOINTMENT_KINDS),
    status: p.enum(BOOKING_STATUSES).default('confirmed'),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    /** endsAt plus the kind's buffer. */
    blockEndsAt: p.datetime(),
    /** The breeder's zone when it was booked (what the invitation's times are written in). */
    timeZone: p.string().length(64),
    /** The family's own zone (from its browser), for its e-mails. */
    familyTimeZone: p.string().length(64),
    note: p.text().default(''),
    breederMessage: p.text().default(''),
    /** The iCalendar UID: the same for the invitation, every change and the cancellation. */
    uid: p.string().length(200).unique(),
    /** Raised on every change, so calendars replace the older copy. */
    sequence: p.integer().default(0),
    /** A pickup's puppy (its go-home time is the portal's countdown). */
    puppyId: p.integer().nullable(),
    remindedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IBooking = InstanceType<typeof Booking.class>;
