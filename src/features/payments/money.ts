// Money owed and paid is integer cents (ARCHITECTURE: Data): parse what the breeder types, format for people, sum without drift.

export const MONEY_MESSAGES = {
  invalid: 'Enter an amount like 1,250.00.',
  fractionOfCent: 'Amounts are in whole cents: use at most two digits after the point.',
  tooLarge: 'That amount is too large.',
} as const;

/** The largest amount accepted anywhere ($10,000,000.00): far past any puppy, far inside a safe integer and a 32-bit column. */
export const MAX_CENTS = 1_000_000_000;

const AMOUNT = /^(-)?\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)?(?:\.(\d*))?$/;

export type ParsedMoney = { ok: true; cents: number } | { ok: false; message: string };

/**
 * "1,250.00" → 125000; "-50" → -5000; "$3,000" → 300000. Refuses a third decimal ("10.005") rather than
 * rounding it: money the breeder typed must be exactly what is stored.
 */
export function parseMoney(input: string): ParsedMoney {
  const s = input.trim().replace(/^\$-/, '-');
  const m = AMOUNT.exec(s);
  if (!m || (m[2] === undefined && !m[3])) return { ok: false, message: MONEY_MESSAGES.invalid };
  const [, minus, whole = '0', fraction = ''] = m;
  if (fraction.length > 2) {
    return /^\d+$/.test(fraction) && /^0*$/.test(fraction.slice(2)) && fraction.length <= 20
      ? parseMoney(`${minus ?? ''}${whole}.${fraction.slice(0, 2)}`)
      : { ok: false, message: MONEY_MESSAGES.fractionOfCent };
  }
  const digits = whole.replace(/,/g, '');
  if (digits.length > 12) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_CENTS) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  return { ok: true, cents: minus && cents !== 0 ? -cents : cents };
}

/** 125000 → "$1,250.00"; -5000 → "-$50.00". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The plain decimal form for inputs and CSV ("1250.00", "-50.00"). */
export function centsToDecimal(cents: number): string {
  return formatCents(cents).replace('$', '').replace(/,/g, '');
}

/** Integer addition: cents never drift the way summed dollars in floating point do. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) {
    if (!Number.isSafeInteger(a)) throw new RangeError(`not a whole number of cents: ${a}`);
    total += a;
  }
  return total;
}

export interface Totals {
  priceCents: number;
  paidCents: number;
  /** What is still owed (negative when the family paid more than the price). */
  balanceCents: number;
  /** What of the deposit is still owed (never negative). */
  depositDueCents: number;
}

export function totalsOf(priceCents: number, depositCents: number, payments: readonly number[]): Totals {
  const paidCents = sumCents(payments);
  return {
    priceCents,
    paidCents,
    balanceCents: priceCents - paidCents,
    depositDueCents: Math.max(0, depositCents - paidCents),
  };
}
