// iCalendar (RFC 5545) text for bookings: invitations (iTIP REQUEST/CANCEL) and the breeder's feed. Start and end
// are written in UTC form (…Z, RFC 5545 3.3.5 form #2): a local time in the hour that repeats when clocks fall back
// is read as its first occurrence, and one in the hour skipped in spring is not a time at all, so a zoned
// DTSTART could not name the second 01:00 of 7 November 2027 in Denver (issue 44, decision 140). The calendar
// program shows the instant in its reader's own zone; X-WR-TIMEZONE still names the breeder's for feeds.
// Written by hand, and checked by a maintained parser (ical.js) in the tests.

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

/** TEXT values: backslash, semicolon, comma and line breaks (CRLF, LF or a lone CR) escaped (RFC 5545 3.3.11). */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, (c) => (c === '\t' ? c : ''));

/**
 * A parameter value (CN=…), always quoted: a quoted-string may hold ; , and : (RFC 5545 3.2) but no DQUOTE or
 * control character, and no line break at all. Line breaks become a space (the name stays on one line); a caret
 * and a DQUOTE are written as RFC 6868 says (^^ and ^'), which ical.js and current calendar programs read back.
 */
export const paramValue = (s: string) =>
  `"${s
    .replace(/\s*(?:\r\n|\r|\n)\s*/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")}"`;

/** An address in a mailto: URI value, with nothing that could end the line or the value. */
const mailto = (email: string) => `mailto:${email.replace(/[\p{Cc}\s"<>]/gu, '')}`;

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

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function buildCalendar(cal: IcsCalendar): string {
  const { timeZone } = cal;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Goldendoodle family breeder//Visits//EN', 'CALSCALE:GREGORIAN'];
  if (cal.method) lines.push(`METHOD:${cal.method}`);
  if (cal.name) lines.push(`X-WR-CALNAME:${escapeText(cal.name)}`, `X-WR-TIMEZONE:${escapeText(timeZone)}`);
  for (const e of cal.events) {
    // Instants in UTC form: every client reads the booked instant, whatever the zone's clock did that night.
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${utcStamp(e.stamp ?? new Date())}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART:${utcStamp(e.start)}`,
      `DTEND:${utcStamp(e.end)}`,
    );
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push(`STATUS:${e.status}`);
    if (e.organizer) lines.push(`ORGANIZER;CN=${paramValue(e.organizer.name)}:${mailto(e.organizer.email)}`);
    if (e.attendee) {
      lines.push(
        `ATTENDEE;CN=${paramValue(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(e.attendee.email)}`,
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
