// When a family's window ends: its minutes counted from the turn's start, quiet hours in the site's zone not counted.
import { describe, expect, it } from 'vitest';
import { windowEnd } from './window.ts';

const at = (iso: string) => Date.parse(iso);
const DENVER = { timeZone: 'America/Denver', from: '21:00', to: '08:00' };

describe('windowEnd', () => {
  it('counts straight through without quiet hours', () => {
    expect(windowEnd(at('2026-12-07T10:00:00Z'), 24 * 3_600_000, null)).toBe(at('2026-12-08T10:00:00Z'));
  });

  it('stops overnight: 2 hours from 20:00 Denver end at 09:00 the next morning', () => {
    // 20:00 MST is 03:00Z; one hour to 21:00, the other from 08:00 (15:00Z).
    expect(new Date(windowEnd(at('2026-12-08T03:00:00Z'), 2 * 3_600_000, DENVER)).toISOString()).toBe('2026-12-08T16:00:00.000Z');
  });

  it('a turn that starts in the quiet hours starts counting at 08:00', () => {
    // 23:30 MST (06:30Z) → counting from 08:00 MST (15:00Z): 13 hours that day, 11 the next: 19:00 MST on the 9th.
    expect(new Date(windowEnd(at('2026-12-08T06:30:00Z'), 24 * 3_600_000, DENVER)).toISOString()).toBe('2026-12-10T02:00:00.000Z');
  });

  it('keeps the local hours across the spring clock change', () => {
    // Denver moves to MDT on 2027-03-14: the quiet hours end at 08:00 MDT (14:00Z) that morning.
    expect(new Date(windowEnd(at('2027-03-14T04:30:00Z'), 60 * 60_000, DENVER)).toISOString()).toBe('2027-03-14T15:00:00.000Z');
  });
});
