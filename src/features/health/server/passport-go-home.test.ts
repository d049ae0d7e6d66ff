// The passport names the go-home day as what it is (issue 45): "Goes home" until the day has passed, "Went home"
// after it (the record's goneHome, from the same pickup booking the contract starts from). The real PDF, read back.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { HealthRecordDto } from '../health.schema.ts';
import { passportPdf } from './passport.ts';

const record = (goneHome: boolean): HealthRecordDto => ({
  puppy: { id: 1, name: 'Luna', birthDate: null, litterName: null, pickupAt: '2026-12-26T17:00:00.000Z', goneHome },
  microchip: null,
  items: [],
  weights: [],
  due: [],
  nextAfterGoHome: null,
});
const text = async (goneHome: boolean) => {
  const pdf = await passportPdf({
    record: record(goneHome),
    parents: [],
    breeder: { name: 'Aspen Meadow', town: '', phone: '', email: '' },
  });
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
};

describe('the passport’s go-home line', () => {
  it('says "Goes home" before the day and "Went home" after it', async () => {
    const before = await text(false);
    expect(before).toContain('Goes home:');
    expect(before).not.toContain('Went home');
    expect(await text(true)).toContain('Went home:');
  });
});
