// Issue 44, item 8 (decision 140): a booking's .ics names the booked instant for every client, on both 2027
// clock-change Sundays in Denver (the hour that repeats on 7 November, the hour skipped on 14 March), and a family
// name with line breaks, commas, semicolons, quotes and backslashes stays inside its ATTENDEE;CN= parameter. The
// real app books through the visits service (with "now" before those days), and ical.js reads the files back.
import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { bookingFamily, DENVER, OPEN_EVERY_DAY, type BookingFamily } from '../../../server/testing/visits.ts';
import { availability, book, myBookingIcs } from './visits.service.ts';
import { localParts } from './slots.ts';

const NAME = 'Ann "Nan" O\'Neil;\r\nBCC: evil@example.com, the\\Parkers^';

describe('.ics files of bookings on the 2027 clock-change Sundays in Denver', () => {
  const t = useTestApp();
  let family: BookingFamily;

  beforeAll(async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    // Open around the night's change: 00:00 to 04:00, an hour's visit with no gap, so 01:00 is on the grid.
    await t.caller(admin.user).admin.visits.saveSettings({
      ...OPEN_EVERY_DAY,
      kinds: { ...OPEN_EVERY_DAY.kinds, visit: { slotMinutes: 60, bufferMinutes: 0, enabled: true } },
      openings: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '00:00', end: '04:00' })),
    });
    family = await bookingFamily(t.orm, t.caller, 'clock_fam', 'approved');
    await t.orm.em.fork().getConnection().execute(`update "users" set "display_name" = ? where "id" = ?`, [NAME, family.user.id]);
  });

  /** The slots offered that night whose Denver wall clock says `hhmm`. */
  async function slotsAt(day: string, hhmm: string, now: Date) {
    const slots = await availability(t.orm.em.fork(), { kind: 'visit', from: `${day}T00:00:00Z`, to: `${day}T23:59:59Z` }, now);
    return slots.filter((s) => {
      const p = localParts(Date.parse(s.startsAt), DENVER);
      return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}` === hhmm;
    });
  }

  /** Books `startsAt` and reads back both files the family gets: the invitation e-mail's and the download. */
  async function bookAndRead(startsAt: string, now: Date) {
    const booking = await book(
      t.orm.em.fork(),
      t.app.services,
      family.user,
      { kind: 'visit', startsAt, note: 'Coming, with the kids' },
      now,
    );
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ calendar: { content: string } }>>(
        `select "calendar" from "outbox_messages" where "to" like ? and "calendar" is not null order by "id" desc limit 1`,
        [`%${family.email}%`],
      );
    const download = await myBookingIcs(t.orm.em.fork(), t.app.services, family.user.id, booking.id);
    return { booking, files: [row!.calendar.content, download] };
  }

  const eventOf = (text: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);

  it('both 01:00 slots of 7 November 2027 (clocks fall back at 02:00 MDT) each give an .ics with their own instant', async () => {
    const now = new Date('2027-11-01T12:00:00Z');
    const ones = await slotsAt('2027-11-07', '01:00', now);
    // The site offers both: 01:00 MDT (07:00 UTC) and, an hour later, 01:00 MST (08:00 UTC).
    expect(ones.map((s) => s.startsAt)).toEqual(['2027-11-07T07:00:00.000Z', '2027-11-07T08:00:00.000Z']);
    const seen: string[] = [];
    for (const slot of ones) {
      const { booking, files } = await bookAndRead(slot.startsAt, now);
      expect(booking.startsAt).toBe(slot.startsAt);
      for (const text of files) {
        const event = eventOf(text);
        expect(event.startDate.toJSDate().toISOString()).toBe(slot.startsAt);
        expect(event.endDate.toJSDate().toISOString()).toBe(slot.endsAt);
        expect(text).toContain(`DTSTART:${slot.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
        seen.push(event.startDate.toJSDate().toISOString());
      }
    }
    expect(new Set(seen).size).toBe(2);
  });

  it('a slot on 14 March 2027 (clocks spring forward at 02:00 MST, no 02:xx that night) gives its own instant', async () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const night = await availability(t.orm.em.fork(), { kind: 'visit', from: '2027-03-14T06:00:00Z', to: '2027-03-14T11:00:00Z' }, now);
    // 00:00 and 01:00 MST, then 03:00 MDT: the hour that does not exist is not offered.
    expect(night.map((s) => localParts(Date.parse(s.startsAt), DENVER).hour)).toEqual([0, 1, 3]);
    for (const slot of night.slice(1)) {
      const { files } = await bookAndRead(slot.startsAt, now);
      for (const text of files) {
        const event = eventOf(text);
        expect(event.startDate.toJSDate().toISOString()).toBe(slot.startsAt);
        expect(event.endDate.toJSDate().toISOString()).toBe(slot.endsAt);
      }
    }
  });

  it('a family name with a line break, commas, a semicolon, quotes and a backslash stays in its ATTENDEE parameter', async () => {
    const now = new Date('2027-11-01T12:00:00Z');
    const [slot] = await slotsAt('2027-11-08', '02:00', now);
    const { files } = await bookAndRead(slot!.startsAt, now);
    const [invitation] = files;
    const comp = new ICAL.Component(ICAL.parse(invitation!));
    const vevent = comp.getFirstSubcomponent('vevent')!;
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    // The line break is a space (a parameter cannot hold one); everything else is the name as typed.
    expect(attendees[0]!.getParameter('cn')).toBe('Ann "Nan" O\'Neil; BCC: evil@example.com, the\\Parkers^');
    expect(attendees[0]!.getFirstValue()).toBe(`mailto:${family.email}`);
    expect(attendees[0]!.getParameter('role')).toBe('REQ-PARTICIPANT');
    // No property was split off by the name: the event has only what the invitation writes.
    const known = [
      'attendee',
      'description',
      'dtend',
      'dtstamp',
      'dtstart',
      'location',
      'organizer',
      'sequence',
      'status',
      'summary',
      'uid',
    ];
    expect(
      vevent
        .getAllProperties()
        .map((p) => p.name)
        .filter((n) => !known.includes(n)),
    ).toEqual([]);
    expect(invitation).not.toMatch(/\r\nBCC/);
  });
});
