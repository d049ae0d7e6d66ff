import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildCalendar, foldLine } from './ics.ts';

const DENVER = 'America/Denver';

function parse(text: string) {
  const comp = new ICAL.Component(ICAL.parse(text));
  for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp;
}

describe('buildCalendar', () => {
  it('writes an invitation ical.js reads back, with the zone, UID and SEQUENCE', () => {
    const text = buildCalendar({
      method: 'REQUEST',
      timeZone: DENVER,
      events: [
        {
          uid: 'booking-1@example.test',
          sequence: 2,
          start: new Date('2026-12-05T17:00:00Z'),
          end: new Date('2026-12-05T18:00:00Z'),
          summary: 'Puppy visit; the Parkers, at the farm',
          description: 'Line one\nLine two',
          status: 'CONFIRMED',
          organizer: { name: 'Breeder', email: 'breeder@example.test' },
          attendee: { name: 'The Parkers', email: 'parkers@example.test' },
        },
      ],
    });
    expect(text).toMatch(/\r\nMETHOD:REQUEST\r\n/);
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const comp = parse(text);
    const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('booking-1@example.test');
    expect(event.sequence).toBe(2);
    expect(event.summary).toBe('Puppy visit; the Parkers, at the farm');
    expect(event.description).toBe('Line one\nLine two');
    // UTC form (decision 140): the instant itself, whatever the zone's clocks do.
    expect(text).toContain('\r\nDTSTART:20261205T170000Z\r\n');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T17:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T18:00:00.000Z');
  });

  it('keeps a booking on the Sunday clocks change right in the zone (both changes)', () => {
    const events = [
      // 10:00 MDT on Sunday 8 March 2026, the day clocks spring forward.
      { uid: 'a@x', start: new Date('2026-03-08T16:00:00Z'), end: new Date('2026-03-08T17:00:00Z') },
      // 01:30 MST, the second 01:30 of Sunday 1 November 2026 (clocks fell back at 02:00 MDT).
      { uid: 'b@x', start: new Date('2026-11-01T08:30:00Z'), end: new Date('2026-11-01T09:30:00Z') },
      // 10:00 MST on the Saturday before spring forward.
      { uid: 'c@x', start: new Date('2026-03-07T17:00:00Z'), end: new Date('2026-03-07T18:00:00Z') },
    ].map((e) => ({ ...e, sequence: 0, summary: 'Visit', status: 'CONFIRMED' as const }));
    const text = buildCalendar({ method: 'PUBLISH', timeZone: DENVER, events });
    expect(text).toContain('DTSTART:20260308T160000Z');
    expect(text).toContain('DTSTART:20261101T083000Z');
    expect(text).not.toContain('TZID=');
    const parsed = parse(text)
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(parsed.map((e) => e.startDate.toJSDate().toISOString())).toEqual(events.map((e) => e.start.toISOString()));
    expect(parsed.map((e) => e.endDate.toJSDate().toISOString())).toEqual(events.map((e) => e.end.toISOString()));
  });

  it('writes a cancellation with the same UID and METHOD:CANCEL', () => {
    const text = buildCalendar({
      method: 'CANCEL',
      timeZone: 'Europe/London',
      events: [
        {
          uid: 'booking-9@x',
          sequence: 3,
          start: new Date('2026-06-01T09:00:00Z'),
          end: new Date('2026-06-01T10:00:00Z'),
          summary: 'Visit',
          status: 'CANCELLED',
        },
      ],
    });
    const comp = parse(text);
    expect(comp.getFirstPropertyValue('method')).toBe('CANCEL');
    const event = comp.getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe('2026-06-01T09:00:00.000Z');
  });

  it('folds long lines without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(folded.split('\r\n ').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.split('\r\n ').join('')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
  });
});
