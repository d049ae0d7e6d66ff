// The slot picker in Chromium: each free time labelled in the breeder's zone and the viewer's own (one label when they
// agree), the 30 days it asks the server about (from now, or from the first day the family may book), and a picker that
// says there is nothing to pick when no free time comes back. Picking a real free time from the breeder's hours is the
// visits journey's (e2e/visits.spec.ts): the free times are the server's to give, not this test's to make up.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from '../../../lib/client/testing/render.tsx';
import { bothZones, byDay, ownZone, SlotSelect } from './SlotSelect.tsx';

const DAY = 86_400_000;

/** The availability question the picker asked: its kind and range. */
function asked(queryClient: ReturnType<typeof render>['queryClient']) {
  const query = queryClient
    .getQueryCache()
    .getAll()
    .find((q) => JSON.stringify(q.queryKey[0]) === JSON.stringify(['visits', 'availability']));
  return (query?.queryKey[1] as { input?: { kind: string; from: string; to: string } } | undefined)?.input;
}

describe('SlotSelect', () => {
  test('a free time reads in the breeder’s zone and the viewer’s, once when they agree', () => {
    const at = '2026-12-05T17:00:00.000Z';
    expect(bothZones(at, 'America/Denver', 'Europe/London')).toBe(
      'Sat, Dec 5, 10:00 AM MST (breeder’s time) · Sat, Dec 5, 5:00 PM GMT (your time)',
    );
    expect(bothZones(at, 'America/Denver', 'America/Denver')).toBe('Sat, Dec 5, 10:00 AM MST (breeder’s time and yours)');
    expect(ownZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  test('a month of free times reads as the breeder’s days, each with its times in order', () => {
    // 11 PM on Dec 5 in Denver is already Dec 6 in UTC: it belongs to the breeder's Saturday.
    const slots = ['2026-12-05T16:00:00.000Z', '2026-12-06T06:00:00.000Z', '2026-12-07T17:00:00.000Z'].map((startsAt) => ({ startsAt }));
    const days = byDay(slots, 'America/Denver', 'America/Denver');
    expect(days.map((d) => [d.group, d.items.map((i) => i.label)])).toEqual([
      [
        'Saturday, December 5',
        ['Sat, Dec 5, 9:00 AM MST (breeder’s time and yours)', 'Sat, Dec 5, 11:00 PM MST (breeder’s time and yours)'],
      ],
      ['Monday, December 7', ['Mon, Dec 7, 10:00 AM MST (breeder’s time and yours)']],
    ]);
  });

  test('it asks for the next 30 days of its kind, and with nothing free says so and cannot be opened', async () => {
    const before = Date.now();
    const { queryClient } = render(
      <SlotSelect kind="visit" breederZone="America/Denver" value={null} onChange={() => undefined} label="Visit time" />,
    );
    await expect
      .element(page.getByRole('textbox', { name: 'Visit time' }).or(page.getByRole('combobox', { name: 'Visit time' })))
      .toBeDisabled();
    await expect.element(page.getByPlaceholder('No free times in the next 30 days')).toBeVisible();
    const input = asked(queryClient)!;
    expect(input.kind).toBe('visit');
    const from = Date.parse(input.from);
    expect(from).toBeGreaterThanOrEqual(before);
    expect(from).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(input.to) - from).toBe(30 * DAY);
  });

  test('a family that may book only from a later day is asked about the 30 days from then', async () => {
    const earliest = new Date(Date.now() + 10 * DAY).toISOString();
    const { queryClient } = render(
      <SlotSelect kind="pickup" breederZone="America/Denver" value={null} onChange={() => undefined} from={earliest} />,
    );
    await expect.element(page.getByPlaceholder('No free times in the next 30 days')).toBeVisible();
    expect(asked(queryClient)).toEqual({ kind: 'pickup', from: earliest, to: new Date(Date.parse(earliest) + 30 * DAY).toISOString() });
  });
});
