// When a family's window ends: its minutes counted from the turn's start, with the quiet hours (overnight, in the
// site's zone) not counted when the breeder chose to pause overnight. Pure, so the clock-change days are tested.

export interface QuietHours {
  timeZone: string;
  /** HH:MM local: windows stop running here… */
  from: string;
  /** …and run again here (the next morning when `to` is before `from`). */
  to: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: number, timeZone: string) {
  const out: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(instant))) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return { date: Date.UTC(out.year!, out.month! - 1, out.day!), minutes: (out.hour! % 24) * 60 + out.minute!, seconds: out.second! };
}

const offsetAt = (instant: number, timeZone: string) => {
  const w = wallClock(instant, timeZone);
  return w.date + w.minutes * 60_000 + w.seconds * 1000 - Math.floor(instant / 1000) * 1000;
};

/** The instant of a wall-clock minute of a local day (the day as UTC midnight ms); a skipped time reads as the offset before. */
function instantOf(day: number, minutes: number, timeZone: string): number {
  const wall = day + minutes * 60_000;
  const before = offsetAt(wall - 43_200_000, timeZone);
  const after = offsetAt(wall + 43_200_000, timeZone);
  const valid = [wall - before, wall - after].filter((c) => c + offsetAt(c, timeZone) === wall);
  return valid.length ? Math.min(...valid) : wall - before;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The quiet stretches [start, end) from the day before `from` until a window of `spanMs` has surely ended. */
function quietStretches(from: number, quiet: QuietHours, spanMs: number): Array<[number, number]> {
  const q0 = toMinutes(quiet.from);
  const q1 = toMinutes(quiet.to);
  if (q0 === q1) return [];
  const first = wallClock(from, quiet.timeZone).date - 86_400_000;
  const activeMs = (1440 - ((q1 - q0 + 1440) % 1440)) * 60_000;
  const days = Math.ceil(spanMs / activeMs) + 4;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < days; i++) {
    const day = first + i * 86_400_000;
    const start = instantOf(day, q0, quiet.timeZone);
    const end = instantOf(q1 > q0 ? day : day + 86_400_000, q1, quiet.timeZone);
    out.push([start, end]);
  }
  return out;
}

/** When a window of `ms` that starts at `start` ends, quiet hours (if any) not counted. */
export function windowEnd(start: number, ms: number, quiet: QuietHours | null): number {
  if (!quiet) return start + ms;
  let t = start;
  let left = ms;
  for (const [qs, qe] of quietStretches(start, quiet, ms)) {
    if (qe <= t) continue;
    if (qs <= t) {
      t = qe;
      continue;
    }
    if (t + left <= qs) return t + left;
    left -= qs - t;
    t = qe;
  }
  return t + left;
}
