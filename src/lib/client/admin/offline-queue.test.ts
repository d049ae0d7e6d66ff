// The queue's label: a card on a phone shows the start of what was written, cut between words with an ellipsis.
import { describe, expect, it } from 'vitest';
import { shortLabel } from './offline-queue.ts';

describe('shortLabel', () => {
  it('keeps a short text as written, spaces folded', () => {
    expect(shortLabel('Found the  water\nbowl')).toBe('Found the water bowl');
    expect(shortLabel('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('cuts a long text at the last whole word and ends it with an ellipsis', () => {
    const text = 'Teddy found the water bowl this morning and splashed the whole kitchen floor before breakfast';
    const label = shortLabel(text);
    expect(label).toBe('Teddy found the water bowl this morning and splashed the…');
    expect(label.length).toBeLessThanOrEqual(61);
    // Every word shown is a whole word of the text.
    for (const word of label.slice(0, -1).split(' ')) expect(text.split(' ')).toContain(word);
  });

  it('drops a dangling comma or dash before the ellipsis', () => {
    expect(shortLabel('Weighed all eight, Biscuit gained the most — again, and Teddy the least', 20)).toBe('Weighed all eight…');
  });

  it('cuts one very long word where it must', () => {
    expect(shortLabel('a'.repeat(80), 10)).toBe(`${'a'.repeat(10)}…`);
  });
});
