// Reading one cell as the value a field stores: e-mail addresses, days, money, yes/no, and the words spreadsheets use
// for them. Each returns the value or a sentence saying why the cell cannot be read.
import { z } from 'zod';

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = (message: string): Read<never> => ({ ok: false, message });

const Email = z.email();

/** Trimmed and lower-cased, so one address is one family or subscriber. */
export function readEmail(text: string): Read<string> {
  const email = text
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '');
  if (!email) return no('The e-mail address is missing.');
  if (email.length > 254 || !Email.safeParse(email).success) return no(`“${text}” is not an e-mail address.`);
  return ok(email);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function day(y: number, m: number, d: number): string | null {
  if (y < 100) y += y < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || y > 2200) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A calendar day as YYYY-MM-DD from the ways spreadsheets write one: 2024-03-05, 3/5/2024 (US: month first, unless
 * the first number cannot be a month), 05.03.2024, 5 Mar 2024, March 5, 2024, or an ISO instant.
 */
export function readDay(text: string): Read<string> {
  const s = text.trim();
  const bad = no(`“${text}” is not a date (write it as YYYY-MM-DD, e.g. 2024-03-05).`);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(s);
  if (m) return day(+m[1]!, +m[2]!, +m[3]!) ? ok(day(+m[1]!, +m[2]!, +m[3]!)!) : bad;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/.exec(s);
  if (m) {
    const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
    const d = a > 12 ? day(y, b, a) : day(y, a, b);
    return d ? ok(d) : bad;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2,4})$/.exec(s);
  if (m) return day(+m[3]!, +m[2]!, +m[1]!) ? ok(day(+m[3]!, +m[2]!, +m[1]!)!) : bad;
  m = /^(\d{1,2})[ -]([A-Za-z]{3,9})\.?[ -,]+(\d{2,4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    return month && day(+m[3]!, month, +m[1]!) ? ok(day(+m[3]!, month, +m[1]!)!) : bad;
  }
  m = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{2,4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
    return month && day(+m[3]!, month, +m[2]!) ? ok(day(+m[3]!, month, +m[2]!)!) : bad;
  }
  return bad;
}

/** An instant: a day (taken at noon UTC, so it is that day everywhere it is shown) or an ISO/"YYYY-MM-DD HH:MM:SS" time. */
export function readInstant(text: string): Read<Date> {
  const s = text.trim();
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (m) {
    const date = new Date(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`);
    if (!Number.isNaN(date.getTime())) return ok(date);
  }
  const d = readDay(s);
  return d.ok ? ok(new Date(`${d.value}T12:00:00Z`)) : d;
}

/** Money in whole cents: "$1,250.00", "1250", "1.250,00 €" are all 125000. */
export function readCents(text: string): Read<number> {
  let s = text.trim().replace(/[$€£\s]|USD|CAD/gi, '');
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(s) || /^\d+,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  s = s.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return no(`“${text}” is not an amount of money.`);
  const cents = Math.round(Number(s) * 100);
  if (cents > 100_000_000) return no(`“${text}” is more than any deposit.`);
  return ok(cents);
}

const YES = new Set([
  'yes',
  'y',
  'true',
  '1',
  'x',
  'subscribed',
  'confirmed',
  'opted in',
  'optedin',
  'opt-in',
  'active',
  'member',
  '✓',
  '✔',
]);
const NO = new Set(['no', 'n', 'false', '0', '', 'pending', 'unsubscribed', 'cleaned', 'not subscribed', 'nonsubscribed', 'transactional']);

export function readYesNo(text: string): Read<boolean> {
  const s = text.trim().toLowerCase();
  if (YES.has(s)) return ok(true);
  if (NO.has(s)) return ok(false);
  return no(`“${text}” is neither yes nor no.`);
}

export function readSex(text: string): Read<'female' | 'male'> {
  const s = text.trim().toLowerCase();
  if (!s) return no('The sex is missing (female or male).');
  if (['f', 'female', 'dam', 'bitch', 'girl', 'g'].includes(s)) return ok('female');
  if (['m', 'male', 'sire', 'dog', 'boy', 'b', 'stud'].includes(s)) return ok('male');
  return no(`“${text}” is neither female nor male.`);
}

/** Text that must fit its column. */
export function readText(text: string, max: number, label: string): Read<string> {
  const s = text.trim();
  return s.length > max ? no(`${label} must be at most ${max} characters.`) : ok(s);
}

/** A value from a fixed list, by its key or its label (ignoring case and punctuation). */
export function readChoice<K extends string>(
  text: string,
  labels: Record<K, string>,
  what: string,
  synonyms: Record<string, K> = {},
): Read<K> {
  const key = text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  for (const [k, label] of Object.entries(labels) as [K, string][]) {
    if (key === k.toLowerCase().replace(/[^a-z0-9]+/g, '') || key === label.toLowerCase().replace(/[^a-z0-9]+/g, '')) return ok(k);
  }
  const synonym = synonyms[key];
  if (synonym) return ok(synonym);
  return no(`“${text}” is not a ${what} (${Object.values<string>(labels).join(', ')}).`);
}
