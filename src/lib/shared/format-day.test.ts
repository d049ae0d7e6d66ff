// Date-only values are that calendar day wherever they are read (issue 45): the helpers run here under a zone west of
// UTC (America/Denver, where midnight UTC is the evening before), under UTC and east of it (Pacific/Auckland).
import { afterAll, describe, expect, it } from 'vitest';
import { formatDay, formatShortDay, isIsoDay, localIsoDay, possessive } from './format.ts';

const ZONES = ['America/Denver', 'UTC', 'Pacific/Auckland'];
const saved = process.env.TZ;
afterAll(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe.each(ZONES)('date-only values read in %s', (zone) => {
  it('the process really is in that zone', () => {
    process.env.TZ = zone;
    // Midnight UTC is 6 PM the day before in Denver (MDT), the same day in UTC, 1 PM the same day in Auckland.
    const local = new Date('2026-10-15T00:00:00Z');
    expect(local.getDate()).toBe(zone === 'America/Denver' ? 14 : 15);
  });

  it('a day is that day, long and short', () => {
    process.env.TZ = zone;
    const now = new Date(2026, 9, 1, 23, 30);
    expect(formatDay('2026-10-15')).toBe('October 15, 2026');
    expect(formatShortDay('2026-10-15', now)).toBe('Thu, Oct 15');
    expect(formatDay('2027-01-01')).toBe('January 1, 2027');
    expect(formatShortDay('2027-01-01', now)).toBe('Fri, Jan 1, 2027');
    expect(formatShortDay('2026-12-31', now)).toBe('Thu, Dec 31');
    expect(formatShortDay('2028-02-29', now)).toBe('Tue, Feb 29, 2028');
  });

  it("today's calendar day is the one on the reader's clock", () => {
    process.env.TZ = zone;
    // 2026-10-15 03:00 UTC: still the 14th in Denver, the 15th in UTC and Auckland.
    expect(localIsoDay(new Date('2026-10-15T03:00:00Z'))).toBe(zone === 'America/Denver' ? '2026-10-14' : '2026-10-15');
  });
});

describe('what is not a day', () => {
  it('is returned as given and refused by isIsoDay', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '15/10/2026', '2026-10-15T00:00:00Z', '']) {
      expect(isIsoDay(bad)).toBe(false);
      expect(formatDay(bad)).toBe(bad);
      expect(formatShortDay(bad)).toBe(bad);
    }
    expect(isIsoDay('2026-10-15')).toBe(true);
    expect(isIsoDay(null)).toBe(false);
  });
});

describe('possessive', () => {
  it('takes the apostrophe alone after an s and lowers a family name’s "The" mid-sentence', () => {
    expect(`Open ${possessive('The Okafors')} payments`).toBe('Open the Okafors’ payments');
    expect(possessive('Jamie Rivera')).toBe('Jamie Rivera’s');
    expect(possessive('James')).toBe('James’');
    expect(possessive('Theo')).toBe('Theo’s');
  });
});
