import { describe, expect, it } from 'vitest';
import {
  ageInWeeks,
  formatLongDate,
  formatUtcDay,
  formatParentAge,
  formatPrice,
  formatPuppyAge,
  formatWeight,
  imageUrl,
  placeholderUrl,
  qualityForWidth,
  slugify,
  snapWidth,
} from './format.ts';

const now = new Date(2026, 10, 21, 12); // 21 Nov 2026, local noon

describe('puppy age', () => {
  it('is days divided by 7, rounded up', () => {
    expect(ageInWeeks('2026-11-21', now)).toBe(0);
    expect(ageInWeeks('2026-11-20', now)).toBe(1);
    expect(ageInWeeks('2026-11-14', now)).toBe(1);
    expect(ageInWeeks('2026-11-13', now)).toBe(2);
    expect(formatPuppyAge('2026-10-10', now)).toBe('6 weeks old');
  });
  it('is unknown without a valid past birth date', () => {
    expect(formatPuppyAge(null, now)).toBe('Age unknown');
    expect(formatPuppyAge('not-a-date', now)).toBe('Age unknown');
    expect(formatPuppyAge('2027-01-01', now)).toBe('Age unknown');
  });
});

describe('parent age', () => {
  it('is months under 12, else years and months', () => {
    expect(formatParentAge('2026-05-21', now)).toBe('6 months');
    expect(formatParentAge('2025-12-01', now)).toBe('11 months');
    expect(formatParentAge('2025-11-21', now)).toBe('1 year');
    expect(formatParentAge('2023-08-01', now)).toBe('3 years, 3 months');
    expect(formatParentAge('2025-10-21', now)).toBe('1 year, 1 month');
  });
});

describe('price and weight', () => {
  it('shows dollars with thousands separators, or contact for pricing', () => {
    expect(formatPrice(2500)).toBe('$2,500');
    expect(formatPrice(12000)).toBe('$12,000');
    expect(formatPrice(1234567.6)).toBe('$1,234,568');
    expect(formatPrice(999)).toBe('$999');
    expect(formatPrice(0)).toBe('Contact for pricing');
    expect(formatPrice(null)).toBe('Contact for pricing');
    expect(formatPrice(undefined)).toBe('Contact for pricing');
  });
  it('shows weight in lbs', () => {
    expect(formatWeight(22)).toBe('22 lbs');
    expect(formatWeight(6.55)).toBe('6.6 lbs');
    expect(formatWeight(null)).toBeNull();
  });
});

describe('slug rule', () => {
  it('lowercases, trims, hyphenates, drops non-word characters, collapses hyphens', () => {
    expect(slugify('  Hello World  ')).toBe('hello-world');
    expect(slugify('Puppy Care: 10 Tips!')).toBe('puppy-care-10-tips');
    expect(slugify('a -- b')).toBe('a-b');
    expect(slugify('Crème brûlée')).toBe('crme-brle');
  });
});

describe('image URLs', () => {
  it('follows the quality ladder: 70 to 300 px, 75 to 600 px, else 80', () => {
    expect(qualityForWidth(300)).toBe(70);
    expect(qualityForWidth(301)).toBe(75);
    expect(qualityForWidth(600)).toBe(75);
    expect(qualityForWidth(601)).toBe(80);
    expect(imageUrl('/uploads/abc.jpg', 400)).toBe('/uploads/abc.jpg?w=400&q=75');
    expect(imageUrl('/uploads/abc.jpg', 800, 80)).toBe('/uploads/abc.jpg?w=800&q=80');
    expect(placeholderUrl('/uploads/abc.jpg')).toBe('/uploads/abc.jpg?w=40&q=30');
  });
  it('snaps widths up to the ladder', () => {
    expect(snapWidth(1)).toBe(40);
    expect(snapWidth(400)).toBe(480);
    expect(snapWidth(99999)).toBe(2048);
  });
});

describe('long dates', () => {
  it('writes a calendar day as the public site does, whatever the time zone', () => {
    expect(formatLongDate('2027-02-05')).toBe('February 5, 2027');
    // Written without Intl, the same as Intl writes it, for every month and both ends of a month.
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 28]) {
        const date = new Date(Date.UTC(2027, month, day, 23, 59));
        expect(formatUtcDay(date)).toBe(
          date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
        );
      }
    }
    expect(formatLongDate('2027-12-31', { timeZone: 'Pacific/Kiritimati' })).toBe('December 31, 2027');
  });
  it('reads a timestamp in the given time zone, with the time when asked', () => {
    expect(formatLongDate('2027-02-06T03:30:00.000Z', { timeZone: 'America/Denver' })).toBe('February 5, 2027');
    expect(formatLongDate('2027-02-06T03:30:00.000Z', { timeZone: 'America/Denver', withTime: true })).toBe('February 5, 2027 at 8:30 PM');
  });
  it('leaves a value it cannot read as it is', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });
});
