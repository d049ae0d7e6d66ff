// The money module: parsing what people type to exact cents, formatting, sums and refunds without drift.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDecimal, formatCents, MAX_CENTS, MONEY_MESSAGES, parseMoney, sumCents, totalsOf } from './money.ts';
import { RecordPaymentSchema, PAYMENTS_MESSAGES, SetTermsSchema } from './payments.schema.ts';

describe('money', () => {
  it.each([
    ['1,250.00', 125000],
    ['1250', 125000],
    ['$3,000', 300000],
    ['0.1', 10],
    ['.05', 5],
    ['500.', 50000],
    ['-50', -5000],
    ['$-50.25', -5025],
    ['10.000', 1000],
    [' 12.34 ', 1234],
  ])('reads %s as %i cents', (typed, cents) => {
    expect(parseMoney(typed)).toEqual({ ok: true, cents });
  });

  it.each([
    ['10.005', MONEY_MESSAGES.fractionOfCent],
    ['0.001', MONEY_MESSAGES.fractionOfCent],
    ['1,25', MONEY_MESSAGES.invalid],
    ['abc', MONEY_MESSAGES.invalid],
    ['', MONEY_MESSAGES.invalid],
    ['-', MONEY_MESSAGES.invalid],
    ['1e5', MONEY_MESSAGES.invalid],
    ['99,999,999.99', MONEY_MESSAGES.tooLarge],
  ])('refuses %s with a clear message', (typed, message) => {
    expect(parseMoney(typed)).toEqual({ ok: false, message });
  });

  it('formats cents for people, negative amounts included', () => {
    expect(formatCents(125000)).toBe('$1,250.00');
    expect(formatCents(-5005)).toBe('-$50.05');
    expect(formatCents(7)).toBe('$0.07');
    expect(centsToDecimal(-123456789)).toBe('-1234567.89');
  });

  it('round-trips every amount: format then parse gives the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        expect(parseMoney(formatCents(cents))).toEqual({ ok: true, cents });
        expect(parseMoney(centsToDecimal(cents))).toEqual({ ok: true, cents });
      }),
    );
  });

  it('sums exactly where floating-point dollars drift, and refunds take money back', () => {
    const dimes = Array.from({ length: 10 }, () => 10);
    expect(sumCents(dimes)).toBe(100);
    expect(dimes.reduce((s, c) => s + c / 100, 0)).not.toBe(1); // the drift integer cents avoid
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), { maxLength: 50 }), (amounts) => {
        const total = sumCents(amounts);
        expect(Number.isSafeInteger(total)).toBe(true);
        expect(sumCents([...amounts].reverse())).toBe(total);
        expect(sumCents([...amounts, 12345, -12345])).toBe(total);
      }),
    );
    expect(() => sumCents([1.5])).toThrow(RangeError);
  });

  it('works out paid, balance and the deposit still due', () => {
    expect(totalsOf(300000, 50000, [])).toEqual({ priceCents: 300000, paidCents: 0, balanceCents: 300000, depositDueCents: 50000 });
    expect(totalsOf(300000, 50000, [20000])).toMatchObject({ paidCents: 20000, balanceCents: 280000, depositDueCents: 30000 });
    expect(totalsOf(300000, 50000, [50000, 250000])).toMatchObject({ balanceCents: 0, depositDueCents: 0 });
    // A refund is a negative payment: the balance goes back up.
    expect(totalsOf(300000, 50000, [50000, -10000])).toMatchObject({ paidCents: 40000, balanceCents: 260000, depositDueCents: 10000 });
  });
});

describe('payment input', () => {
  const base = { familyId: 1, paidOn: '2026-11-28', method: 'cash' as const };
  const errorsOf = (input: unknown) => {
    const r = RecordPaymentSchema.safeParse(input);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('turns a typed amount into cents', () => {
    expect(RecordPaymentSchema.parse({ ...base, amount: '500.00' }).amount).toBe(50000);
    expect(RecordPaymentSchema.parse({ ...base, amount: 19.99 }).amount).toBe(1999);
    expect(RecordPaymentSchema.parse({ ...base, amount: '-100', reason: 'Vet bill refund' })).toMatchObject({
      amount: -10000,
      reason: 'Vet bill refund',
    });
  });

  it.each([
    [{ amount: '0' }, `amount: ${PAYMENTS_MESSAGES.zero}`],
    [{ amount: '0.00', reason: 'x' }, `amount: ${PAYMENTS_MESSAGES.zero}`],
    [{ amount: '-5' }, `reason: ${PAYMENTS_MESSAGES.refundNeedsReason}`],
    [{ amount: '-5', reason: '   ' }, `reason: ${PAYMENTS_MESSAGES.refundNeedsReason}`],
    [{ amount: '10.005' }, `amount: ${MONEY_MESSAGES.fractionOfCent}`],
    [{ amount: 10.005 }, `amount: ${MONEY_MESSAGES.fractionOfCent}`],
    [{ amount: Number.NaN }, `amount: ${MONEY_MESSAGES.invalid}`],
    [{ amount: '5', method: 'bitcoin' }, `method: ${PAYMENTS_MESSAGES.method}`],
    [{ amount: '5', paidOn: '28/11/2026' }, `paidOn: ${PAYMENTS_MESSAGES.date}`],
  ])('refuses %j', (over, message) => {
    expect(errorsOf({ ...base, ...over })).toEqual([message]);
  });

  it('refuses terms with a negative price or a deposit above the price', () => {
    expect(SetTermsSchema.safeParse({ familyId: 1, price: '-1', deposit: '0', dueOn: null }).error?.issues[0]?.message).toBe(
      PAYMENTS_MESSAGES.negativePrice,
    );
    expect(SetTermsSchema.safeParse({ familyId: 1, price: '100', deposit: '200', dueOn: null }).error?.issues[0]?.message).toBe(
      PAYMENTS_MESSAGES.depositOverPrice,
    );
    expect(SetTermsSchema.parse({ familyId: 1, price: '3,000', deposit: '500', dueOn: '2026-12-20' })).toEqual({
      familyId: 1,
      price: 300000,
      deposit: 50000,
      dueOn: '2026-12-20',
    });
  });
});
