import { describe, expect, it } from 'vitest';
import { HealthTestInputSchema, ParentDogInputSchema } from './dogs.schema.ts';
import { LitterInputSchema } from './litters.schema.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the dogs’ day rule (one IsoDateSchema for births, litters and health results)', () => {
  const dog = { name: 'Maple', gender: 'female', breed: 'Poodle', color: 'Red' } as const;
  const litter = { name: 'Spring', motherName: 'Maple', fatherName: 'Cooper' };
  const health = { kind: 'ofa-hips', result: 'Good' } as const;

  it('takes a real day, and no day at all', () => {
    expect(ParentDogInputSchema.parse({ ...dog, birthDate: '2024-02-29' }).birthDate).toBe('2024-02-29');
    expect(LitterInputSchema.parse({ ...litter, expectedDate: '2026-03-01', birthDate: null })).toMatchObject({
      expectedDate: '2026-03-01',
      birthDate: null,
    });
    expect(HealthTestInputSchema.parse(health).date).toBeNull();
  });

  it('refuses a day that does not exist, and another format, with the same words everywhere', () => {
    expect(messages(ParentDogInputSchema.safeParse({ ...dog, birthDate: '2025-02-29' }))).toEqual(['birthDate: Not a real date.']);
    expect(messages(LitterInputSchema.safeParse({ ...litter, birthDate: '2026-04-31' }))).toEqual(['birthDate: Not a real date.']);
    expect(messages(LitterInputSchema.safeParse({ ...litter, expectedDate: '03/01/2026' }))).toContain(
      'expectedDate: Use the format YYYY-MM-DD.',
    );
    expect(messages(HealthTestInputSchema.safeParse({ ...health, date: '2026-13-01' }))).toEqual(['date: Not a real date.']);
  });
});
