// Display rules of SPEC §9, shared by server and client.

const DAY_MS = 86_400_000;

function parseIsoDate(iso: string | null | undefined): number | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) ? null : t;
}

function todayUtc(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Puppy age in weeks: days divided by 7, rounded up; null when the birth date is unknown or in the future. */
export function ageInWeeks(birthDate: string | null | undefined, now: Date = new Date()): number | null {
  const born = parseIsoDate(birthDate);
  if (born === null) return null;
  const days = Math.floor((todayUtc(now) - born) / DAY_MS);
  if (days < 0) return null;
  return Math.ceil(days / 7);
}

export function formatPuppyAge(birthDate: string | null | undefined, now: Date = new Date()): string {
  const weeks = ageInWeeks(birthDate, now);
  if (weeks === null) return 'Age unknown';
  return `${weeks} week${weeks === 1 ? '' : 's'} old`;
}

/** Parent age: months under 12, otherwise years and months. */
export function formatParentAge(birthDate: string | null | undefined, now: Date = new Date()): string {
  const born = parseIsoDate(birthDate);
  if (born === null) return 'Age unknown';
  const b = new Date(born);
  let months = (now.getFullYear() - b.getUTCFullYear()) * 12 + (now.getMonth() - b.getUTCMonth());
  if (now.getDate() < b.getUTCDate()) months -= 1;
  if (months < 0) return 'Age unknown';
  if (months < 12) return `${months} month${months === 1 ? '' : 's'}`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = `${years} year${years === 1 ? '' : 's'}`;
  return rest ? `${y}, ${rest} month${rest === 1 ? '' : 's'}` : y;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "February 5, 2027" for the calendar day of `date` in UTC: what `toLocaleDateString('en-US', { year:
 * 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })` gives, without it. A page's first date
 * through `Intl` loads the browser's calendar data: 20–25 ms of a phone's main thread during hydration.
 */
export function formatUtcDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * "February 5, 2027", as the public site writes dates: a YYYY-MM-DD date is that calendar day; a
 * timestamp is read in the reader's time zone (`timeZone` overrides it), with the time when asked.
 */
export function formatLongDate(iso: string, { withTime = false, timeZone }: { withTime?: boolean; timeZone?: string } = {}): string {
  const day = parseIsoDate(iso);
  if (day !== null) return formatUtcDay(new Date(day));
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = withTime ? ({ hour: 'numeric', minute: '2-digit' } as const) : {};
  return date.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...time, timeZone });
}

export const CONTACT_FOR_PRICING = 'Contact for pricing';

/** Dollars with thousands separators; zero or missing means contact for pricing. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return CONTACT_FOR_PRICING;
  // Thousands separators without Intl (see formatUtcDay).
  return `$${String(Math.round(price)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

export function formatWeight(lbs: number | null | undefined): string | null {
  if (lbs === null || lbs === undefined || !Number.isFinite(lbs)) return null;
  const rounded = Math.round(lbs * 10) / 10;
  return `${rounded} lbs`;
}

/** Lowercase, trimmed, hyphen-separated; non-word characters removed, repeated hyphens collapsed. */
export function slugify(text: string): string {
  return text
    .toString()
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Quality ladder of SPEC §7: 70 up to 300 px, 75 up to 600 px, otherwise 80. */
export function qualityForWidth(width: number): number {
  if (width <= 300) return 70;
  if (width <= 600) return 75;
  return 80;
}

/** Widths the media endpoint renders; requests snap up to the next one. */
export const WIDTH_LADDER = [40, 160, 320, 480, 640, 800, 1024, 1280, 1600, 2048] as const;

export function snapWidth(width: number): number {
  for (const w of WIDTH_LADDER) if (width <= w) return w;
  return WIDTH_LADDER[WIDTH_LADDER.length - 1]!;
}

/** URL of an image under /uploads at a width, with the ladder's quality unless one is given. */
export function imageUrl(src: string, width: number, quality?: number): string {
  if (!src.startsWith('/uploads/')) return src;
  const base = src.split('?')[0];
  return `${base}?w=${width}&q=${quality ?? qualityForWidth(width)}`;
}

export const placeholderUrl = (src: string) => imageUrl(src, 40, 30);

// Date-only values (a care item's due day, a balance's due day, a go-home day…) are calendar days, not instants: they
// are formatted from their parts here and never go through a Date in the reader's time zone, so a phone in Colorado
// reads Thursday's vet check as Thursday (issue 45). ISO stays in CSV files and the API.

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A 'YYYY-MM-DD' day as [year, month 0–11, day, weekday 0–6], or null when it is not a real calendar day. */
function dayParts(iso: string | null | undefined): [number, number, number, number] | null {
  const t = parseIsoDate(iso);
  if (t === null) return null;
  const d = new Date(t);
  const [y, m, day] = iso!.split('-').map(Number);
  // Date.UTC rolls 2026-02-30 over to March 2: such a string is no day.
  if (d.getUTCFullYear() !== y || d.getUTCMonth() !== m! - 1 || d.getUTCDate() !== day) return null;
  return [y!, m! - 1, day!, d.getUTCDay()];
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDay(value: string | null | undefined): value is string {
  return dayParts(value) !== null;
}

/** '2026-10-15' → 'October 15, 2026', that calendar day wherever it is read; anything else is returned as given. */
export function formatDay(iso: string): string {
  const p = dayParts(iso);
  return p ? `${MONTHS[p[1]]} ${p[2]}, ${p[0]}` : iso;
}

/**
 * '2026-10-15' → 'Thu, Oct 15', that calendar day wherever it is read; the year is added when it is not the year of
 * `now` in the reader's zone ('Tue, Dec 29, 2026' read in 2027). Anything else is returned as given.
 */
export function formatShortDay(iso: string, now: Date = new Date()): string {
  const p = dayParts(iso);
  if (!p) return iso;
  const label = `${WEEKDAYS[p[3]]}, ${SHORT_MONTHS[p[1]]} ${p[2]}`;
  return p[0] === now.getFullYear() ? label : `${label}, ${p[0]}`;
}

/** The calendar day of `date` where it is read ('YYYY-MM-DD'): a form's "today", unlike toISOString()'s UTC day. */
export function localIsoDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A name's possessive inside a sentence: "Jamie Rivera’s", "the Okafors’" (a name ending in s takes the apostrophe
 * alone, and a family name's leading "The" is lower case mid-sentence).
 */
export function possessive(name: string): string {
  const mid = name.replace(/^The\s+/, 'the ');
  return /s$/i.test(mid) ? `${mid}’` : `${mid}’s`;
}
