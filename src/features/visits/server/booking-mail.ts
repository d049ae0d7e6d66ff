// What a booking sends: the family's invitation e-mail with its calendar event, for each reason (the mail text).
// Bookings: who may book what, free slots from the breeder's hours, booking, moving and cancelling with an
// invitation e-mail each time, the family's .ics and the breeder's private feed. The database's exclusion
// constraint (bookings_no_overlap) is the last word on double booking: a race loses with a clear CONFLICT.
import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeHtml, oneLine, textToHtml, type MailOutbox } from '../../../lib/server/mail.ts';
import { User } from '../../auth/server/user.entity.ts';
import { KIND_LABELS, formatInZone } from '../visits.schema.ts';
import { buildCalendar, type IcsEvent } from './ics.ts';
import { type IBooking } from './visits.entity.ts';

// E-mail and calendars.

export function familyName(user: { displayName?: string | null; username: string }) {
  return user.displayName || user.username;
}

export function icsEvent(
  b: IBooking,
  breeder: { name: string; email: string; town: string },
  family: { name: string; email: string | null },
  forBreeder = false,
): IcsEvent {
  const what = KIND_LABELS[b.kind];
  return {
    uid: b.uid,
    sequence: b.sequence,
    start: b.startsAt,
    end: b.endsAt,
    summary: forBreeder ? `${what}: ${family.name}` : `${what} with ${breeder.name}`,
    description:
      [b.note && `Note: ${b.note}`, b.breederMessage && `From ${breeder.name}: ${b.breederMessage}`].filter(Boolean).join('\n') ||
      undefined,
    location: b.kind === 'video' ? 'Video call' : breeder.town || undefined,
    status: b.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    stamp: b.updatedAt,
    ...(forBreeder || !family.email
      ? {}
      : { organizer: { name: breeder.name, email: breeder.email }, attendee: { name: family.name, email: family.email } }),
  };
}

/** erased: cancelled because the family deleted its account. */
export type MailReason = 'booked' | 'moved' | 'cancelled' | 'reminder' | 'erased';

export const SUBJECTS: Record<MailReason, (what: string) => string> = {
  booked: (w) => `Your ${w.toLowerCase()} is booked`,
  moved: (w) => `Your ${w.toLowerCase()} has moved`,
  cancelled: (w) => `Your ${w.toLowerCase()} is cancelled`,
  reminder: (w) => `Reminder: your ${w.toLowerCase()} is tomorrow`,
  erased: (w) => `Your ${w.toLowerCase()} is cancelled`,
};

/** Queues the family's e-mail about a booking, with its invitation (REQUEST) or cancellation (CANCEL). */
export async function mailFamily(
  em: EntityManager,
  mail: MailOutbox,
  appOrigin: string,
  b: IBooking,
  reason: MailReason,
  message = '',
): Promise<void> {
  if (!b.family) return;
  const user = await em.findOne(User, b.family.id);
  if (!user?.email) return;
  const cancelling = reason === 'cancelled' || reason === 'erased';
  const breeder = await mail.breeder(em);
  const what = KIND_LABELS[b.kind];
  const name = familyName(user);
  const when = formatInZone(b.startsAt, b.timeZone);
  const theirs = b.familyTimeZone !== b.timeZone ? ` (${formatInZone(b.startsAt, b.familyTimeZone)} your time)` : '';
  const lines = [
    `Hello ${name},`,
    reason === 'erased'
      ? `Your account was deleted, so your ${what.toLowerCase()} on ${when}${theirs} is cancelled.`
      : cancelling
        ? `Your ${what.toLowerCase()} on ${when}${theirs} is cancelled.`
        : `Your ${what.toLowerCase()}: ${when}${theirs}.`,
    message ? `${breeder.name} wrote: ${message}` : '',
    cancelling ? 'The event is removed from your calendar.' : 'The invitation is attached: add it to your calendar.',
    reason === 'erased' ? '' : `See or change your bookings in your family portal: ${appOrigin}/account`,
    breeder.name,
  ].filter(Boolean);
  const text = lines.join('\n\n') + '\n';
  mail.enqueue(em, {
    lane: 'sale',
    to: user.email,
    subject: oneLine(SUBJECTS[reason](what)),
    text,
    html: textToHtml(text).replace(
      escapeHtml(`${appOrigin}/account`),
      `<a href="${escapeHtml(`${appOrigin}/account`)}">${escapeHtml(`${appOrigin}/account`)}</a>`,
    ),
    calendar: {
      method: cancelling ? 'CANCEL' : 'REQUEST',
      content: buildCalendar({
        method: cancelling ? 'CANCEL' : 'REQUEST',
        timeZone: b.timeZone,
        events: [icsEvent(b, breeder, { name, email: user.email })],
      }),
    },
  });
}
