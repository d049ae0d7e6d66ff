// iCalendar (RFC 5545) text for bookings: invitations (iTIP REQUEST/CANCEL) and the breeder's feed, with a
// VTIMEZONE built from the platform's time-zone data so times stay right across daylight-saving changes.
// Written by hand: ical-generator formats a native Date in the process's own zone when a TZID is given (it wants
// a date library for zoned times), and the output is checked by a maintained parser (ical.js) in the tests.
import { localParts, zoneOffset } from './slots.ts';

export interface IcsEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  status: 'CONFIRMED' | 'CANCELLED';
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
  /** When this version was made (DTSTAMP); defaults to now. */
  stamp?: Date;
}

export interface IcsCalendar {
  method?: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  name?: string;
  timeZone: string;
  events: IcsEvent[];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
export const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded with CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length ? 74 : 75;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function localStamp(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

function offsetText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const abs = Math.abs(ms) / 60_000;
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

function shortName(instant: number, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(instant)).find((x) => x.type === 'timeZoneName');
  return part?.value ?? offsetText(zoneOffset(instant, timeZone));
}

/** The instants in [from, to) where the zone's offset changes, found day by day, then to the minute. */
export function offsetChanges(timeZone: string, from: number, to: number): { at: number; from: number; to: number }[] {
  const changes: { at: number; from: number; to: number }[] = [];
  const DAY = 86_400_000;
  let prev = zoneOffset(from, timeZone);
  for (let t = from + DAY; t < to + DAY; t += DAY) {
    const cur = zoneOffset(t, timeZone);
    if (cur === prev) continue;
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (zoneOffset(mid, timeZone) === prev) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: prev, to: cur });
    prev = cur;
  }
  return changes;
}

/** A VTIMEZONE covering the years of the events (one year either side): every observance as it happened. */
export function vtimezone(timeZone: string, instants: number[]): string[] {
  const years = instants.map((t) => new Date(t).getUTCFullYear());
  const from = Date.UTC(Math.min(...years) - 1, 0, 1);
  const to = Date.UTC(Math.max(...years) + 2, 0, 1);
  const base = zoneOffset(from, timeZone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offsetText(base)}`, `TZOFFSETTO:${offsetText(base)}`, `TZNAME:${shortName(from, timeZone)}`, 'END:STANDARD');
  for (const change of offsetChanges(timeZone, from, to)) {
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // DTSTART of an observance is the local time before the change (RFC 5545 3.6.5).
      `DTSTART:${utcStamp(new Date(change.at + change.from)).slice(0, -1)}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `TZNAME:${shortName(change.at, timeZone)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export function buildCalendar(cal: IcsCalendar): string {
  const { timeZone } = cal;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Goldendoodle family breeder//Visits//EN', 'CALSCALE:GREGORIAN'];
  if (cal.method) lines.push(`METHOD:${cal.method}`);
  if (cal.name) lines.push(`X-WR-CALNAME:${escapeText(cal.name)}`, `X-WR-TIMEZONE:${timeZone}`);
  const zoned = timeZone !== 'UTC' && timeZone !== 'Etc/UTC';
  if (zoned) lines.push(...vtimezone(timeZone, cal.events.length ? cal.events.map((e) => e.start.getTime()) : [Date.now()]));
  const when = (name: string, d: Date) => (zoned ? `${name};TZID=${timeZone}:${localStamp(d.getTime(), timeZone)}` : `${name}:${utcStamp(d)}`);
  for (const e of cal.events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${utcStamp(e.stamp ?? new Date())}`, `SEQUENCE:${e.sequence}`, when('DTSTART', e.start), when('DTEND', e.end));
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push(`STATUS:${e.status}`);
    if (e.organizer) lines.push(`ORGANIZER;CN="${e.organizer.name.replace(/"/g, "'")}":mailto:${e.organizer.email}`);
    if (e.attendee) {
      lines.push(`ATTENDEE;CN="${e.attendee.name.replace(/"/g, "'")}";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${e.attendee.email}`);
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
