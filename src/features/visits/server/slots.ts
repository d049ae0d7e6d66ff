// The breeder's hours turned into bookable times: pure functions over instants, correct across daylight-saving changes.
export interface Opening {
  /** 0 = Sunday … 6 = Saturday, in the breeder's zone. */
  weekday: number;
  /** HH:MM, local wall-clock time. */
  start: string;
  end: string;
}

/**
 * Closed from startsOn at `from` to endsOn at `until`, local dates and wall times in the breeder's zone. An
 * empty or missing `from` is the start of startsOn; an empty or missing `until` the end of endsOn (so a closure
 * of whole days is two dates). Closures win over openings and extra openings.
 */
export interface Closure {
  startsOn: string;
  endsOn: string;
  from?: string;
  until?: string;
}

/** An opening on one date beyond the weekly hours (possibly on a day that is normally closed). */
export interface ExtraOpening {
  /** YYYY-MM-DD, local. */
  date: string;
  start: string;
  end: string;
}

export interface Interval {
  start: number;
  end: number;
}

export interface SlotRules {
  timeZone: string;
  openings: Opening[];
  closures: Closure[];
  extraOpenings?: ExtraOpening[];
  slotMinutes: number;
  bufferMinutes: number;
}

export interface Slot {
  start: number;
  end: number;
  /** end plus the buffer: the time this booking keeps from any other (what the database's constraint compares). */
  blockEnd: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function localParts(instant: number, timeZone: string): LocalParts {
  const out: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds (Denver in winter: -7 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in a zone. A time skipped by a spring-forward change is read with the
 * offset before the change (02:30 on Denver's change day is 03:30 MDT); a repeated autumn hour is its first one.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = zoneOffset(wall - 43_200_000, timeZone);
  const after = zoneOffset(wall + 43_200_000, timeZone);
  // Each reading is right when the instant shows this wall time again; in a repeated hour both are: take the earlier.
  const valid = [wall - before, wall - after].filter((c) => c + zoneOffset(c, timeZone) === wall);
  return valid.length ? Math.min(...valid) : wall - before;
}

/** YYYY-MM-DD of an instant in a zone. */
export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The instants a closure covers, [start, end), read in the zone (daylight-saving days included). */
export function closureInterval(c: Closure, timeZone: string): Interval {
  return {
    start: zonedToInstant(c.startsOn, c.from || '00:00', timeZone),
    end: c.until ? zonedToInstant(c.endsOn, c.until, timeZone) : zonedToInstant(addDays(c.endsOn, 1), '00:00', timeZone),
  };
}

/** Sorted by start and merged where they touch or overlap, so a binary search finds the one that matters. */
function merged(intervals: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const i of [...intervals].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/**
 * A date's offset when it has one all day (most days), or null on a day the offset changes. Memoised: an
 * offset of a past or future date does not change while the process runs (a new tz database needs a restart),
 * and the per-day pair of Intl calls was most of slot generation's time.
 */
const steadyOffsets = new Map<string, number | null>();
function steadyOffset(date: string, timeZone: string): number | null {
  const key = `${timeZone} ${date}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const early = zoneOffset(midnight - 14 * 3_600_000, timeZone);
    offset = early === zoneOffset(midnight + 38 * 3_600_000, timeZone) ? early : null;
    if (steadyOffsets.size >= 20_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/** The first interval in a list sorted by start (non-overlapping) that ends after `t`. */
function firstEndingAfter(busy: Interval[], t: number): number {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.end > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Every slot of the rules that starts in [from, to), not before `notBefore`, inside no closure, and whose
 * time (with its buffer) overlaps none of `busy` (other bookings' blocks, sorted by start, not overlapping
 * each other, as the database guarantees). Slots follow one another every slot + buffer minutes from the
 * start of each opening (weekly or extra), measured in real time, so a slot on a daylight-saving day is as
 * long as any other; a slot must fit its opening and end before a closure begins.
 */
export function generateSlots(rules: SlotRules, range: { from: number; to: number; notBefore: number; busy: Interval[] }): Slot[] {
  const { timeZone, slotMinutes, bufferMinutes } = rules;
  const slotMs = slotMinutes * 60_000;
  const stepMs = (slotMinutes + bufferMinutes) * 60_000;
  const busy = [...range.busy].sort((a, b) => a.start - b.start);
  const byDay = new Map<number, Opening[]>();
  for (const o of [...rules.openings].sort((a, b) => a.start.localeCompare(b.start)))
    byDay.set(o.weekday, [...(byDay.get(o.weekday) ?? []), o]);
  const first = addDays(localDate(range.from, timeZone), -1);
  const last = localDate(range.to, timeZone);
  const extras = new Map<string, ExtraOpening[]>();
  for (const o of rules.extraOpenings ?? []) if (o.date >= first && o.date <= last) extras.set(o.date, [...(extras.get(o.date) ?? []), o]);
  // Only closures near the range matter (a closure's dates bound its instants to within a day either way).
  const closed = merged(
    rules.closures.filter((c) => c.endsOn >= first && c.startsOn <= addDays(last, 1)).map((c) => closureInterval(c, timeZone)),
  );
  const slots: Slot[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const weekly = byDay.get(weekdayOf(date));
    const extra = extras.get(date);
    if (!weekly && !extra) continue;
    const openings = extra ? [...(weekly ?? []), ...extra] : weekly!;
    // Most days have no offset change within them: one offset then serves every wall time of the day; a
    // change day goes through zonedToInstant.
    const steady = steadyOffset(date, timeZone);
    const toInstant = (time: string) =>
      steady !== null ? Date.parse(`${date}T${time}:00Z`) - steady : zonedToInstant(date, time, timeZone);
    const seen = extra ? new Set<number>() : null;
    for (const o of openings) {
      const windowEnd = toInstant(o.end);
      for (let t = toInstant(o.start); t + slotMs <= windowEnd; t += stepMs) {
        if (t < range.from || t >= range.to || t < range.notBefore) continue;
        const c = firstEndingAfter(closed, t);
        if (c < closed.length && closed[c]!.start < t + slotMs) continue;
        const blockEnd = t + stepMs;
        const i = firstEndingAfter(busy, t);
        if (i < busy.length && busy[i]!.start < blockEnd) continue;
        if (seen) {
          if (seen.has(t)) continue;
          seen.add(t);
        }
        slots.push({ start: t, end: t + slotMs, blockEnd });
      }
    }
  }
  // Extra openings come after a day's weekly ones: put their slots in time order.
  return extras.size ? slots.sort((a, b) => a.start - b.start) : slots;
}
