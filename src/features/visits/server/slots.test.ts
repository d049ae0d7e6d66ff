import { describe, expect, it } from 'vitest';
import { closureInterval, generateSlots, localDate, zonedToInstant, zoneOffset, type SlotRules } from './slots.ts';

const DENVER = 'America/Denver';
const iso = (ms: number) => new Date(ms).toISOString();
const everyDay = (start: string, end: string) => Array.from({ length: 7 }, (_, weekday) => ({ weekday, start, end }));
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: DENVER,
  openings: everyDay('09:00', '12:00'),
  closures: [],
  slotMinutes: 60,
  bufferMinutes: 0,
  ...over,
});
const range = (fromIso: string, toIso: string, busy: { start: number; end: number }[] = []) => ({
  from: Date.parse(fromIso),
  to: Date.parse(toIso),
  notBefore: 0,
  busy,
});

describe('wall-clock times in a zone', () => {
  it('reads Denver winter as UTC-7 and summer as UTC-6', () => {
    expect(zoneOffset(Date.parse('2026-01-15T12:00:00Z'), DENVER)).toBe(-7 * 3_600_000);
    expect(zoneOffset(Date.parse('2026-07-15T12:00:00Z'), DENVER)).toBe(-6 * 3_600_000);
    expect(iso(zonedToInstant('2026-01-15', '09:00', DENVER))).toBe('2026-01-15T16:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-15', '09:00', DENVER))).toBe('2026-07-15T15:00:00.000Z');
  });

  it('maps the hours around the spring-forward change (Sunday 8 March 2026, 02:00 → 03:00 in Denver)', () => {
    expect(iso(zonedToInstant('2026-03-08', '01:30', DENVER))).toBe('2026-03-08T08:30:00.000Z');
    // 02:30 does not exist that night: read with the offset before the change, it is 03:30 MDT.
    expect(iso(zonedToInstant('2026-03-08', '02:30', DENVER))).toBe('2026-03-08T09:30:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', '03:00', DENVER))).toBe('2026-03-08T09:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', '10:00', DENVER))).toBe('2026-03-08T16:00:00.000Z');
  });

  it('takes the first of the repeated hour when clocks fall back (Sunday 1 November 2026)', () => {
    expect(iso(zonedToInstant('2026-11-01', '01:30', DENVER))).toBe('2026-11-01T07:30:00.000Z');
    expect(iso(zonedToInstant('2026-11-01', '10:00', DENVER))).toBe('2026-11-01T17:00:00.000Z');
  });

  it('works for zones east of UTC and with half-hour offsets', () => {
    expect(iso(zonedToInstant('2026-06-01', '09:00', 'Asia/Kolkata'))).toBe('2026-06-01T03:30:00.000Z');
    expect(localDate(Date.parse('2026-06-01T20:00:00Z'), 'Pacific/Auckland')).toBe('2026-06-02');
  });
});

describe('generateSlots', () => {
  it('lays slots on the grid of each opening, in the zone', () => {
    const slots = generateSlots(rules(), range('2026-01-15T00:00:00Z', '2026-01-16T00:00:00Z'));
    expect(slots.map((s) => iso(s.start))).toEqual(['2026-01-15T16:00:00.000Z', '2026-01-15T17:00:00.000Z', '2026-01-15T18:00:00.000Z']);
    expect(slots.every((s) => s.end - s.start === 3_600_000)).toBe(true);
  });

  it('keeps the same local hours and real lengths on both daylight-saving Sundays', () => {
    const spring = generateSlots(rules(), range('2026-03-08T06:00:00Z', '2026-03-09T06:00:00Z'));
    expect(spring.map((s) => iso(s.start))).toEqual(['2026-03-08T15:00:00.000Z', '2026-03-08T16:00:00.000Z', '2026-03-08T17:00:00.000Z']);
    const fall = generateSlots(rules(), range('2026-11-01T06:00:00Z', '2026-11-02T07:00:00Z'));
    expect(fall.map((s) => iso(s.start))).toEqual(['2026-11-01T16:00:00.000Z', '2026-11-01T17:00:00.000Z', '2026-11-01T18:00:00.000Z']);
  });

  it('counts an opening across the spring-forward change in real time', () => {
    // 01:00-04:00 local on change night is only two real hours: two one-hour slots, not three.
    const slots = generateSlots(
      rules({ openings: [{ weekday: 0, start: '01:00', end: '04:00' }] }),
      range('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z'),
    );
    expect(slots.map((s) => iso(s.start))).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-08T09:00:00.000Z']);
  });

  it('steps by slot plus buffer, and skips closed days and times before notBefore', () => {
    const r = rules({ slotMinutes: 45, bufferMinutes: 15, closures: [{ startsOn: '2026-01-16', endsOn: '2026-01-16' }] });
    const slots = generateSlots(r, {
      ...range('2026-01-15T00:00:00Z', '2026-01-18T00:00:00Z'),
      notBefore: Date.parse('2026-01-15T16:30:00Z'),
    });
    const days = slots.map((s) => localDate(s.start, DENVER));
    expect(days).not.toContain('2026-01-16');
    expect(slots.map((s) => iso(s.start)).slice(0, 2)).toEqual(['2026-01-15T17:00:00.000Z', '2026-01-15T18:00:00.000Z']);
    expect(slots[0]!.blockEnd - slots[0]!.start).toBe(60 * 60_000);
  });

  it('hides slots that overlap a busy block of any length', () => {
    const busy = [{ start: Date.parse('2026-01-15T16:30:00Z'), end: Date.parse('2026-01-15T16:40:00Z') }];
    const slots = generateSlots(rules(), range('2026-01-15T00:00:00Z', '2026-01-16T00:00:00Z', busy));
    expect(slots.map((s) => iso(s.start))).toEqual(['2026-01-15T17:00:00.000Z', '2026-01-15T18:00:00.000Z']);
  });

  it('closes some hours of one day ("closed Friday 2-5 pm"): a slot must end before the closing and may start at its end', () => {
    const r = rules({
      openings: everyDay('09:00', '18:00'),
      closures: [{ startsOn: '2026-01-16', endsOn: '2026-01-16', from: '14:00', until: '17:00' }],
    });
    const slots = generateSlots(r, range('2026-01-16T07:00:00Z', '2026-01-17T07:00:00Z'));
    expect(slots.map((s) => iso(s.start))).toEqual(
      ['09', '10', '11', '12', '13', '17'].map((h) => new Date(zonedToInstant('2026-01-16', `${h}:00`, DENVER)).toISOString()),
    );
  });

  it('reads a closing of some hours in real time on both daylight-saving Sundays', () => {
    const night = rules({ openings: [{ weekday: 0, start: '00:00', end: '06:00' }] });
    // Spring forward (8 March 2026): 00:00-06:00 local is five real hours, 07:00Z-12:00Z; closed 01:00-03:30 local is 08:00Z-09:30Z.
    const spring = generateSlots(
      { ...night, closures: [{ startsOn: '2026-03-08', endsOn: '2026-03-08', from: '01:00', until: '03:30' }] },
      range('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z'),
    );
    expect(spring.map((s) => iso(s.start))).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T10:00:00.000Z', '2026-03-08T11:00:00.000Z']);
    // Fall back (1 November 2026): seven real hours, 06:00Z-13:00Z; closed 02:00-04:00 MST is 09:00Z-11:00Z.
    const fall = generateSlots(
      { ...night, closures: [{ startsOn: '2026-11-01', endsOn: '2026-11-01', from: '02:00', until: '04:00' }] },
      range('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
    );
    expect(fall.map((s) => iso(s.start))).toEqual(['06', '07', '08', '11', '12'].map((h) => `2026-11-01T${h}:00:00.000Z`));
  });

  it('takes a whelping week of whole days from the first day’s midnight to the midnight after the last, across a change', () => {
    const week = closureInterval({ startsOn: '2026-03-05', endsOn: '2026-03-11' }, DENVER);
    expect(iso(week.start)).toBe('2026-03-05T07:00:00.000Z');
    expect(iso(week.end)).toBe('2026-03-12T06:00:00.000Z');
    const slots = generateSlots(
      rules({ closures: [{ startsOn: '2026-03-05', endsOn: '2026-03-11', from: '', until: '' }] }),
      range('2026-03-04T07:00:00Z', '2026-03-13T07:00:00Z'),
    );
    expect([...new Set(slots.map((s) => localDate(s.start, DENVER)))]).toEqual(['2026-03-04', '2026-03-12']);
    // From a time on the first day to a time on the last: the days between are closed whole.
    const span = generateSlots(
      rules({ closures: [{ startsOn: '2026-03-07', endsOn: '2026-03-09', from: '10:00', until: '11:00' }] }),
      range('2026-03-07T07:00:00Z', '2026-03-10T06:00:00Z'),
    );
    expect(span.map((s) => iso(s.start))).toEqual(['2026-03-07T16:00:00.000Z', '2026-03-09T17:00:00.000Z']);
  });

  it('opens a normally closed day with an extra opening (a change day too), once per time where it meets the weekly hours, and a closing still wins', () => {
    const saturdays = rules({ openings: [{ weekday: 6, start: '09:00', end: '12:00' }] });
    const thursday = generateSlots(
      { ...saturdays, extraOpenings: [{ date: '2026-01-15', start: '10:00', end: '12:00' }] },
      range('2026-01-15T00:00:00Z', '2026-01-16T00:00:00Z'),
    );
    expect(thursday.map((s) => iso(s.start))).toEqual(['2026-01-15T17:00:00.000Z', '2026-01-15T18:00:00.000Z']);
    const change = generateSlots(
      { ...saturdays, extraOpenings: [{ date: '2026-03-08', start: '01:00', end: '04:00' }] },
      range('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z'),
    );
    expect(change.map((s) => iso(s.start))).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-08T09:00:00.000Z']);
    const both = generateSlots(
      { ...saturdays, extraOpenings: [{ date: '2026-01-17', start: '08:00', end: '11:00' }] },
      range('2026-01-17T00:00:00Z', '2026-01-18T00:00:00Z'),
    );
    expect(both.map((s) => iso(s.start))).toEqual(
      ['08', '09', '10', '11'].map((h) => new Date(zonedToInstant('2026-01-17', `${h}:00`, DENVER)).toISOString()),
    );
    const closed = generateSlots(
      {
        ...saturdays,
        extraOpenings: [{ date: '2026-01-15', start: '10:00', end: '12:00' }],
        closures: [{ startsOn: '2026-01-15', endsOn: '2026-01-15' }],
      },
      range('2026-01-15T00:00:00Z', '2026-01-16T00:00:00Z'),
    );
    expect(closed).toEqual([]);
  });
});
