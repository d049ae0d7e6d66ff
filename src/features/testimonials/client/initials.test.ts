import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf: testimonial avatar initials', () => {
  it.each([
    ['Jim and Linda P.', 'JL'],
    ['Jim & Linda P.', 'JL'],
    ['Sarah K.', 'SK'],
    ['Sarah', 'S'],
    ['The Martinez Family', 'M'],
    ['The Nguyens', 'N'],
    ['The O’Briens', 'O'],
    ['the  smith   family', 'S'],
    ['Mrs. Alvarez', 'A'],
    ['Émile Zola', 'ÉZ'],
    ['"Ana" Gómez', 'AG'],
  ])('%s → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it('gives no letters for a signature without a name word', () => {
    expect(initialsOf('The Family')).toBe('');
    expect(initialsOf('   ')).toBe('');
  });
});
