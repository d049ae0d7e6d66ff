// How long ago, in the words Site health and the doctor print: "1 minute", never "1 minutes".
import { describe, expect, it } from 'vitest';
import { ago } from './checks.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('ago', () => {
  it('says one of a unit in the singular and more in the plural', () => {
    expect(ago(20_000)).toBe('1 minute');
    expect(ago(MINUTE)).toBe('1 minute');
    expect(ago(5 * MINUTE)).toBe('5 minutes');
    expect(ago(3 * HOUR)).toBe('3 hours');
    expect(ago(50 * HOUR)).toBe('2 days');
  });
});
