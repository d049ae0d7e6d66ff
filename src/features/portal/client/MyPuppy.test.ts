import { describe, expect, it } from 'vitest';
import { countdown } from './MyPuppy.tsx';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pickup = '2026-11-26T17:00:00.000Z';
const at = Date.parse(pickup);

describe('countdown: time left to pickup', () => {
  it.each([
    [3 * DAY + 4 * HOUR, '3 days, 4 hours to go'],
    [3 * DAY, '3 days to go'],
    [DAY + HOUR, '1 day, 1 hour to go'],
    [DAY + 30 * 60_000, '1 day to go'],
  ])('days left (%d ms before) → %s', (before, expected) => {
    expect(countdown(pickup, at - before)).toBe(expected);
  });

  it.each([
    [5 * HOUR, '5 hours to go'],
    [HOUR, '1 hour to go'],
    [59 * 60_000, 'Less than an hour to go'],
    [1, 'Less than an hour to go'],
  ])('the day itself (%d ms before) → %s', (before, expected) => {
    expect(countdown(pickup, at - before)).toBe(expected);
  });

  it('says the time has arrived at the moment itself and for past dates', () => {
    expect(countdown(pickup, at)).toBe('Pickup time has arrived');
    expect(countdown(pickup, at + 1)).toBe('Pickup time has arrived');
    expect(countdown(pickup, at + 30 * DAY)).toBe('Pickup time has arrived');
  });

  it('gives nothing without a date (never "NaN days")', () => {
    expect(countdown(null, at)).toBeNull();
    expect(countdown(undefined, at)).toBeNull();
    expect(countdown('', at)).toBeNull();
    expect(countdown('not a date', at)).toBeNull();
  });
});
