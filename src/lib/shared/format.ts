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

/** '2026-10-01' → 'October 1, 2026', read as a calendar date (no time zone shift). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return formatUtcDay(new Date(Date.UTC(y!, m! - 1, d!)));
}
