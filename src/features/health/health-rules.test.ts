// The pure rules: microchip numbers (ISO 11784/11785 and legacy chips), dose warnings, and what is due when.
import { describe, expect, it } from 'vitest';
import { HEALTH_MESSAGES, RecordCareSchema, checkMicrochip, doseWarning } from './health.schema.ts';
import { addDays, dueItems, type PlanItem } from './due.ts';

describe('checkMicrochip', () => {
  it('accepts 15 digits with a country or manufacturer code, as printed with spaces', () => {
    expect(checkMicrochip('840 0981 2345 6789')).toEqual({ ok: true, number: '840098123456789', warning: null });
    expect(checkMicrochip('985112003456789')).toEqual({ ok: true, number: '985112003456789', warning: null });
    expect(checkMicrochip('900-123-456-789-012')).toEqual({ ok: true, number: '900123456789012', warning: null });
  });
  it('refuses letters, a wrong length, and codes 000 and 999', () => {
    expect(checkMicrochip('84009812345678A')).toEqual({ ok: false, message: HEALTH_MESSAGES.microchipLetters });
    expect(checkMicrochip('8400981234567')).toEqual({ ok: false, message: HEALTH_MESSAGES.microchipLength });
    expect(checkMicrochip('8400981234567890')).toEqual({ ok: false, message: HEALTH_MESSAGES.microchipLength });
    expect(checkMicrochip('999123456789012')).toEqual({ ok: false, message: HEALTH_MESSAGES.microchipCode });
    expect(checkMicrochip('000123456789012')).toEqual({ ok: false, message: HEALTH_MESSAGES.microchipCode });
    expect(checkMicrochip('  ')).toEqual({ ok: false, message: HEALTH_MESSAGES.microchipRequired });
  });
  it('keeps older 9- and 10-character chips with a warning', () => {
    expect(checkMicrochip('123456789')).toEqual({ ok: true, number: '123456789', warning: HEALTH_MESSAGES.microchipLegacy });
    expect(checkMicrochip('0a1b2c3d4e')).toEqual({ ok: true, number: '0A1B2C3D4E', warning: HEALTH_MESSAGES.microchipLegacy });
    expect(checkMicrochip('12345678X').ok).toBe(false);
  });
});

describe('doses', () => {
  it('warns outside the usual range and the form needs the confirmation', () => {
    expect(doseWarning(2.5, 'ml')).toBeNull();
    expect(doseWarning(25, 'ml')).toBe(HEALTH_MESSAGES.doseOutOfRange('ml', 0.1, 5));
    const base = { puppyIds: [1], kind: 'deworming', givenOn: '2026-01-10', product: 'Pyrantel', dose: 25, doseUnit: 'ml' } as const;
    const refused = RecordCareSchema.safeParse(base);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['dose', HEALTH_MESSAGES.doseOutOfRange('ml', 0.1, 5)],
    ]);
    expect(RecordCareSchema.safeParse({ ...base, doseConfirmed: true }).success).toBe(true);
  });
  it('refuses a future date, a next date before the given one, an expired lot and no target', () => {
    const tomorrow = addDays(new Date().toISOString().slice(0, 10), 2);
    const r = RecordCareSchema.safeParse({ kind: 'vaccination', givenOn: tomorrow, product: '' });
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['givenOn', 'product', 'puppyIds']);
    const s = RecordCareSchema.safeParse({
      puppyIds: [1],
      kind: 'vaccination',
      givenOn: '2026-01-10',
      product: 'DHPP',
      nextDueOn: '2026-01-01',
      lotExpiry: '2026-01-01',
    });
    expect(s.error!.issues.map((i) => i.message).sort()).toEqual([HEALTH_MESSAGES.lotExpired, HEALTH_MESSAGES.nextDueBeforeGiven].sort());
  });
});

describe('dueItems', () => {
  const plan: PlanItem[] = [
    { id: 1, label: 'Daily weighing', kind: 'weighing', startDay: 0, everyDays: 1, untilDay: 14, afterGoHome: false },
    { id: 2, label: 'Vet check', kind: 'vet-check', startDay: 49, everyDays: null, untilDay: null, afterGoHome: false },
    { id: 3, label: 'First vaccination', kind: 'vaccination', startDay: 63, everyDays: null, untilDay: null, afterGoHome: true },
    { id: 4, label: 'Deworming', kind: 'deworming', startDay: 14, everyDays: 14, untilDay: 56, afterGoHome: false },
  ];
  const birth = '2026-01-01';

  it('dates every item from the birth date when nothing was done', () => {
    const due = dueItems(birth, plan, [], '2026-01-05');
    expect(due.map((d) => [d.label, d.dueOn, d.overdue])).toEqual([
      ['Daily weighing', '2026-01-01', true],
      ['Deworming', '2026-01-15', false],
      ['Vet check', '2026-02-19', false],
      ['First vaccination', '2026-03-05', false],
    ]);
  });

  it('counts a repeating item from the day it was actually given, and stops after its last day', () => {
    const done = [
      { scheduleItemId: null, kind: 'weighing' as const, on: '2026-01-05' },
      { scheduleItemId: 4, kind: 'deworming' as const, on: '2026-01-18' },
      { scheduleItemId: 2, kind: 'vet-check' as const, on: '2026-02-19' },
    ];
    const due = dueItems(birth, plan, done, '2026-01-20');
    expect(due.map((d) => [d.label, d.dueOn])).toEqual([
      ['Daily weighing', '2026-01-06'],
      ['Deworming', '2026-02-01'],
      ['First vaccination', '2026-03-05'],
    ]);
    const late = dueItems(
      birth,
      plan,
      [...done, { scheduleItemId: null, kind: 'weighing', on: '2026-01-15' }, { scheduleItemId: 4, kind: 'deworming', on: '2026-02-20' }],
      '2026-02-21',
    );
    expect(late.map((d) => d.label)).toEqual(['First vaccination']);
  });

  it('adds a booster written on a record until a later dose of the same product', () => {
    const given = [{ scheduleItemId: 3, kind: 'vaccination' as const, on: '2026-03-05', product: 'DHPP', nextDueOn: '2026-03-26' }];
    expect(dueItems(birth, [], given, '2026-03-06')).toEqual([
      { scheduleItemId: null, label: 'DHPP: next dose', kind: 'vaccination', dueOn: '2026-03-26', afterGoHome: false, overdue: false },
    ]);
    expect(
      dueItems(birth, [], [...given, { scheduleItemId: null, kind: 'vaccination', on: '2026-03-26', product: 'dhpp' }], '2026-03-27'),
    ).toEqual([]);
  });

  it('counts a vaccination recorded without its protocol item for the next one still open (issue 45)', () => {
    const doses: PlanItem[] = [
      ...plan,
      { id: 5, label: 'Second vaccination', kind: 'vaccination', startDay: 84, everyDays: null, untilDay: null, afterGoHome: true },
    ];
    const labels = (done: Parameters<typeof dueItems>[2], today: string) =>
      dueItems(birth, doses, done, today)
        .filter((d) => d.kind === 'vaccination')
        .map((d) => [d.label, d.dueOn]);
    expect(labels([], '2026-03-01')).toEqual([
      ['First vaccination', '2026-03-05'],
      ['Second vaccination', '2026-03-26'],
    ]);
    // The vet's first dose two days late, recorded as a vaccination: the second is next.
    const first = { scheduleItemId: null, kind: 'vaccination' as const, on: '2026-03-07' };
    expect(labels([first], '2026-03-08')).toEqual([['Second vaccination', '2026-03-26']]);
    expect(labels([first, { ...first, on: '2026-03-27' }], '2026-03-28')).toEqual([]);
    // A dose more than a week before an item's day is another dose (a breeder's early shot): the plan stays.
    expect(labels([{ ...first, on: '2026-02-20' }], '2026-02-21')).toEqual([
      ['First vaccination', '2026-03-05'],
      ['Second vaccination', '2026-03-26'],
    ]);
    // A repeating item is not taken by a loose record.
    expect(
      dueItems(birth, plan, [{ scheduleItemId: null, kind: 'deworming', on: '2026-01-15' }], '2026-01-16').find(
        (d) => d.label === 'Deworming',
      )?.dueOn,
    ).toBe('2026-01-15');
  });
});
