// The sealed PDF's times (issue 45): the breeder's clock, with UTC beside it, so neither side has to convert.
import { describe, expect, it } from 'vitest';
import { inZoneAndUtc } from './seal.ts';

describe('times in the sealed PDF', () => {
  it('reads a winter evening in Colorado as MST, the same day, with UTC beside it', () => {
    expect(inZoneAndUtc(new Date('2026-12-07T21:40:05Z'), 'America/Denver')).toBe(
      'December 7, 2026 at 2:40:05 PM MST (2026-12-07 21:40:05 UTC)',
    );
  });

  it('reads a summer morning as MDT, and a late evening as the day before UTC’s', () => {
    expect(inZoneAndUtc(new Date('2027-07-01T15:00:00Z'), 'America/Denver')).toBe(
      'July 1, 2027 at 9:00:00 AM MDT (2027-07-01 15:00:00 UTC)',
    );
    expect(inZoneAndUtc(new Date('2027-07-02T03:30:00Z'), 'America/Denver')).toBe(
      'July 1, 2027 at 9:30:00 PM MDT (2027-07-02 03:30:00 UTC)',
    );
  });
});
