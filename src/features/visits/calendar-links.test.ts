import { describe, expect, it } from 'vitest';
import { calendarLinks } from './visits.schema.ts';

describe('calendar links beside the .ics', () => {
  // The second 01:00 of 2027-11-07 in Denver (MST, UTC-7): the instant the family booked, whatever the zone.
  const event = {
    title: 'Visit with Aspen Meadow; "the Parkers" & co',
    startsAt: '2027-11-07T08:00:00.000Z',
    endsAt: '2027-11-07T09:00:00Z',
  };

  it('Google Calendar gets the title and both instants in UTC form', () => {
    const url = new URL(calendarLinks(event).google);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('dates')).toBe('20271107T080000Z/20271107T090000Z');
  });

  it('Outlook gets the same title and instants, as ISO instants', () => {
    const url = new URL(calendarLinks({ ...event, details: 'Bring a towel' }).outlook);
    expect(url.hostname).toBe('outlook.live.com');
    expect(url.searchParams.get('subject')).toBe(event.title);
    expect(url.searchParams.get('startdt')).toBe('2027-11-07T08:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2027-11-07T09:00:00.000Z');
    expect(url.searchParams.get('body')).toBe('Bring a towel');
  });
});
