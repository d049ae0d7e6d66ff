import { describe, expect, it } from 'vitest';
import { generateSlots, localDate, zonedToInstant, zoneOffset, type SlotRules } from './slots.ts';

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
    const slots = generateSlots(rules({ openings: [{ weekday: 0, start: '01:00', end: '04:00' }] }), range('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z'));
    expect(slots.map((s) => iso(s.start))).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-08T09:00:00.000Z']);
  });

  it('steps by slot plus buffer, and skips closed days and times before notBefore', () => {
    const r = rules({ slotMinutes: 45, bufferMinutes: 15, closures: [{ startsOn: '2026-01-16', endsOn: '2026-01-16' }] });
    const slots = generateSlots(r, { ...range('2026-01-15T00:00:00Z', '2026-01-18T00:00:00Z'), notBefore: Date.parse('2026-01-15T16:30:00Z') });
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
});
