// Visits and go-home day: the kinds of appointment, the breeder's hours, bookings, and every message a family
// or the breeder reads about them. Shared by forms and the server.
import { z } from 'zod';

export const APPOINTMENT_KINDS = ['visit', 'pickup', 'video'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const KIND_LABELS: Record<AppointmentKind, string> = { visit: 'Visit', pickup: 'Pickup (go-home day)', video: 'Video call' };

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const DEFAULT_TIME_ZONE = 'America/Denver';
/** The longest window one availability question may span. */
export const MAX_RANGE_DAYS = 90;
/** Puppies go home at 8 weeks (SPEC's FAQ): the default age before a pickup can be booked. */
export const PICKUP_AGE_WEEKS = 8;

/**
 * Who may book a kind of appointment (the breeder's setting per kind): any signed-in family, anyone with an
 * application (not withdrawn or declined), approved applicants (approved, waitlisted or matched), or
 * families a puppy is matched to (optionally once that puppy is some weeks old on the day).
 */
export const BOOKING_RULES = ['anyone', 'applicants', 'approved', 'matched'] as const;
export type BookingRule = (typeof BOOKING_RULES)[number];
export const BOOKING_RULE_LABELS: Record<BookingRule, string> = {
  anyone: 'Any signed-in family',
  applicants: 'Anyone with an application',
  approved: 'Approved applicants',
  matched: 'Families matched with a puppy',
};
/** Today's rules, the defaults: visits for approved applicants, pickups for matched families at 8 weeks, calls for any applicant. */
export const DEFAULT_RULES: Record<AppointmentKind, { who: BookingRule; puppyWeeks: number }> = {
  visit: { who: 'approved', puppyWeeks: 0 },
  pickup: { who: 'matched', puppyWeeks: PICKUP_AGE_WEEKS },
  video: { who: 'applicants', puppyWeeks: 0 },
};

const KIND_SUBJECTS: Record<AppointmentKind, string> = { visit: 'Visits', pickup: 'A pickup', video: 'Video calls' };

/** Why a family may not book a kind under a rule: "Visits can be booked once your application is approved." */
export function notAllowedMessage(kind: AppointmentKind, who: BookingRule, puppyWeeks: number): string {
  const once =
    who === 'applicants'
      ? 'you have sent an application'
      : who === 'approved'
        ? 'your application is approved'
        : who === 'matched' && puppyWeeks > 0
          ? `your matched puppy is ${puppyWeeks} ${puppyWeeks === 1 ? 'week' : 'weeks'} old`
          : who === 'matched'
            ? 'a puppy is matched to your family'
            : 'you are signed in';
  return `${KIND_SUBJECTS[kind]} can be booked once ${once}.`;
}

export const VISITS_MESSAGES = {
  taken: 'That time was just taken. Please pick another.',
  past: 'That time has already passed. Please pick a later one.',
  offGrid: 'That time is not one of the open times. Please pick one from the list.',
  tooSoon: 'That time is too close to book online. Please pick a later one.',
  rangeTooLong: `Ask for at most ${MAX_RANGE_DAYS} days at a time.`,
  rangeOrder: 'The end of the range must be after its start.',
  timeZone: 'That time zone does not exist. Use a name like America/Denver.',
  kind: 'Choose a visit, a pickup or a video call.',
  instant: 'Give the time as an ISO date and time with its offset, e.g. 2026-12-05T10:00:00-07:00.',
  /** Under the default rules (notAllowedMessage words every rule). */
  notAllowed: {
    visit: 'Visits can be booked once your application is approved.',
    pickup: 'A pickup can be booked once your matched puppy is 8 weeks old.',
    video: 'Video calls can be booked once you have sent an application.',
  } satisfies Record<AppointmentKind, string>,
  rule: 'Choose who may book.',
  puppyWeeks: 'Give the puppy’s age in whole weeks, 0 to 26.',
  notFound: 'Booking not found.',
  cancelled: 'This booking is already cancelled.',
  pastCutoff: 'It is too late to change this booking online. Please call or e-mail us.',
  timeFormat: 'Enter the time as HH:MM (24-hour).',
  hoursOrder: 'Each opening must end after it starts.',
  hoursOverlap: 'Two openings on the same day overlap.',
  dateFormat: 'Enter the date as YYYY-MM-DD.',
  closureOrder: 'The closing must end after it starts.',
  extraOrder: 'An extra opening must end after it starts.',
  reasonTooLong: 'Keep the reason under 200 characters.',
  messageTooLong: 'Please keep the message under 2,000 characters.',
  noteTooLong: 'Please keep the note under 1,000 characters.',
  feedNotFound: 'This calendar feed does not exist or was revoked.',
} as const;

export const isTimeZone = (zone: string): boolean => {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const TimeZoneSchema = z.string(VISITS_MESSAGES.timeZone).trim().refine(isTimeZone, VISITS_MESSAGES.timeZone);
export const KindSchema = z.enum(APPOINTMENT_KINDS, VISITS_MESSAGES.kind);
export const InstantSchema = z.iso.datetime({ offset: true, message: VISITS_MESSAGES.instant });
const DateSchema = z.string(VISITS_MESSAGES.dateFormat).regex(/^\d{4}-\d{2}-\d{2}$/, VISITS_MESSAGES.dateFormat);
const TimeSchema = z.string(VISITS_MESSAGES.timeFormat).regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISITS_MESSAGES.timeFormat);

/** Without a range: the next 30 days; without a kind: visits. */
export const DEFAULT_RANGE_DAYS = 30;
export const AvailabilityQuerySchema = z
  .object({
    kind: KindSchema.default('visit'),
    from: InstantSchema.optional(),
    to: InstantSchema.optional(),
  })
  .default({ kind: 'visit' })
  .transform((v) => {
    const from = v.from ?? new Date().toISOString();
    return { kind: v.kind, from, to: v.to ?? new Date(Date.parse(from) + DEFAULT_RANGE_DAYS * 86_400_000).toISOString() };
  })
  .superRefine((v, ctx) => {
    const from = Date.parse(v.from);
    const to = Date.parse(v.to);
    if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['to'], message: VISITS_MESSAGES.rangeOrder });
    else if (to - from > MAX_RANGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: VISITS_MESSAGES.rangeTooLong });
  });
export type AvailabilityQuery = z.input<typeof AvailabilityQuerySchema>;

export const BookSchema = z.object({
  kind: KindSchema,
  startsAt: InstantSchema,
  /** The family's own zone, for its e-mails (the browser's); the breeder's zone when absent. */
  timeZone: TimeZoneSchema.optional(),
  note: z.string().trim().max(1000, VISITS_MESSAGES.noteTooLong).default(''),
});
export type BookInput = z.input<typeof BookSchema>;

export const BookingIdSchema = z.object({
  id: z.coerce.number<unknown>().int().positive(VISITS_MESSAGES.notFound).max(2_147_483_647, VISITS_MESSAGES.notFound),
});

export const RescheduleSchema = z.object({ id: z.number().int().positive(), startsAt: InstantSchema });

const breederMessage = z.string().trim().max(2000, VISITS_MESSAGES.messageTooLong).default('');
export const AdminCancelSchema = z.object({ id: z.number().int().positive(), message: breederMessage });
export const AdminMoveSchema = z.object({ id: z.number().int().positive(), startsAt: InstantSchema, message: breederMessage });

export const BookingRuleSchema = z.enum(BOOKING_RULES, VISITS_MESSAGES.rule);

/** One kind's slot, buffer and who may book it; a settings row saved before the rule existed reads as today's rule. */
const kindSettingsSchema = (kind: AppointmentKind) =>
  z.object({
    slotMinutes: z.number().int().min(10, 'A slot is at least 10 minutes.').max(480, 'A slot is at most 8 hours.'),
    bufferMinutes: z.number().int().min(0, 'The buffer cannot be negative.').max(240, 'A buffer is at most 4 hours.'),
    enabled: z.boolean(),
    who: BookingRuleSchema.default(DEFAULT_RULES[kind].who),
    /** With who = matched: the matched puppy's age in weeks on the appointment's day (0: any age). */
    puppyWeeks: z
      .number(VISITS_MESSAGES.puppyWeeks)
      .int(VISITS_MESSAGES.puppyWeeks)
      .min(0, VISITS_MESSAGES.puppyWeeks)
      .max(26, VISITS_MESSAGES.puppyWeeks)
      .default(DEFAULT_RULES[kind].puppyWeeks),
  });
export const KindSettingsSchema = kindSettingsSchema('visit');
export type KindSettingsValue = z.output<typeof KindSettingsSchema>;

export const OpeningSchema = z
  .object({ weekday: z.number().int().min(0).max(6), start: TimeSchema, end: TimeSchema })
  .refine((o) => o.end > o.start, { message: VISITS_MESSAGES.hoursOrder, path: ['end'] });

/** An optional time of day: empty means the whole day (from its start, or to its end). */
const OptionalTimeSchema = z.union([z.literal(''), TimeSchema]).default('');

/**
 * Closed from a day (and time) to a day (and time), in the breeder's zone: a whelping week (whole days), or
 * "closed Friday 2-5 pm" (one day, from 14:00 until 17:00). Closings win over openings and extra openings.
 */
export const ClosureSchema = z
  .object({
    startsOn: DateSchema,
    endsOn: DateSchema,
    from: OptionalTimeSchema,
    until: OptionalTimeSchema,
    reason: z.string().trim().max(200, VISITS_MESSAGES.reasonTooLong).default(''),
  })
  .refine((c) => `${c.endsOn}T${c.until || '24:00'}` > `${c.startsOn}T${c.from || '00:00'}`, {
    message: VISITS_MESSAGES.closureOrder,
    path: ['endsOn'],
  });

/** Open on one date beyond the weekly hours (a Sunday before Christmas, say), on that date's own grid. */
export const ExtraOpeningSchema = z
  .object({ date: DateSchema, start: TimeSchema, end: TimeSchema })
  .refine((o) => o.end > o.start, { message: VISITS_MESSAGES.extraOrder, path: ['end'] });

export const AvailabilitySettingsSchema = z
  .object({
    timeZone: TimeZoneSchema,
    cutoffHours: z
      .number()
      .int()
      .min(0, 'The cut-off cannot be negative.')
      .max(24 * 14, 'The cut-off is at most two weeks.'),
    kinds: z.object({ visit: kindSettingsSchema('visit'), pickup: kindSettingsSchema('pickup'), video: kindSettingsSchema('video') }),
    openings: z.array(OpeningSchema).max(70, 'At most 70 openings a week.'),
    closures: z.array(ClosureSchema).max(200, 'At most 200 closures.'),
    extraOpenings: z.array(ExtraOpeningSchema).max(200, 'At most 200 extra openings.').default([]),
  })
  .superRefine((s, ctx) => {
    for (let day = 0; day < 7; day++) {
      const list = s.openings.filter((o) => o.weekday === day).sort((a, b) => a.start.localeCompare(b.start));
      for (let i = 1; i < list.length; i++) {
        if (list[i]!.start < list[i - 1]!.end) ctx.addIssue({ code: 'custom', path: ['openings'], message: VISITS_MESSAGES.hoursOverlap });
      }
    }
  });
export type AvailabilitySettings = z.output<typeof AvailabilitySettingsSchema>;
export type AvailabilitySettingsInput = z.input<typeof AvailabilitySettingsSchema>;

export const AdminBookingListSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
  /** upcoming (default), past, or cancelled. */
  when: z.enum(['upcoming', 'past', 'cancelled'], 'Choose upcoming, past or cancelled.').default('upcoming'),
});
export type AdminBookingListInput = z.input<typeof AdminBookingListSchema>;

export interface SlotDto {
  startsAt: string;
  endsAt: string;
}

export interface BookingDto {
  id: number;
  kind: AppointmentKind;
  status: BookingStatus;
  startsAt: string;
  endsAt: string;
  /** The breeder's zone the times are shown in. */
  timeZone: string;
  note: string;
  breederMessage: string;
  /** Whether the family may still reschedule or cancel online. */
  changeable: boolean;
}

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Sat, Dec 5, 10:00 AM MST" in a zone, labelled with the zone's short name. */
export function formatInZone(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

export const FeedTokenSchema = z.object({ token: z.string().max(100, VISITS_MESSAGES.feedNotFound) });

/** What the portal offers a family: who may book each kind, why not, and from when (a pickup before its puppy's age). */
export interface BookingOptionsDto {
  timeZone: string;
  cutoffHours: number;
  kinds: Record<AppointmentKind, boolean>;
  /** Why an offered kind cannot be booked by this family (only for kinds the breeder has switched on). */
  reasons: Partial<Record<AppointmentKind, string>>;
  /** The first instant this family may book a kind, when later than now (ISO). */
  bookableFrom: Partial<Record<AppointmentKind, string>>;
}

/** How a booking of an erased account is named to the breeder. */
export const DELETED_FAMILY = 'Deleted family';

export interface AdminBookingDto extends BookingDto {
  /** null: the family deleted its account (the booking is kept anonymised). */
  familyId: number | null;
  familyName: string;
  familyEmail: string | null;
}

export interface AvailabilitySettingsDto extends AvailabilitySettings {
  hasFeed: boolean;
}

/** An instant as the calendar links want it: UTC, no separators (20271107T070000Z). */
const compactUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * "Add to Google Calendar" and "Add to Outlook" links for a booking, beside its .ics: the same title and instants,
 * in UTC so neither service reads a local time in the wrong zone (decision 140). No place: the breeder's address is
 * hers to give.
 */
export function calendarLinks(event: { title: string; startsAt: string; endsAt: string; details?: string }): {
  google: string;
  outlook: string;
} {
  const google = new URL('https://calendar.google.com/calendar/render');
  google.searchParams.set('action', 'TEMPLATE');
  google.searchParams.set('text', event.title);
  google.searchParams.set('dates', `${compactUtc(event.startsAt)}/${compactUtc(event.endsAt)}`);
  if (event.details) google.searchParams.set('details', event.details);
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.searchParams.set('path', '/calendar/action/compose');
  outlook.searchParams.set('rru', 'addevent');
  outlook.searchParams.set('subject', event.title);
  outlook.searchParams.set('startdt', new Date(event.startsAt).toISOString());
  outlook.searchParams.set('enddt', new Date(event.endsAt).toISOString());
  if (event.details) outlook.searchParams.set('body', event.details);
  return { google: google.toString(), outlook: outlook.toString() };
}
