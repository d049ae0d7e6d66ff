// Avatar initials for a testimonial's signature, which is a family's own wording ("Jim and Linda P.").

/** Words that join or frame names rather than being one. */
const NOT_A_NAME = new Set(['the', 'and', '&', '+', 'family', 'families', 'of', 'mr', 'mrs', 'ms', 'dr']);

/**
 * Up to two letters: the first two name words' initials ("Jim and Linda P." → "JL", "Sarah K." → "SK"),
 * or one for a family signature ("The Martinez Family" → "M", "The O’Briens" → "O").
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s,/]+/)
    .map((w) => w.replace(/^[^\p{L}]+/u, ''))
    .filter((w) => w && !NOT_A_NAME.has(w.replace(/\.$/, '').toLowerCase()));
  return words
    .slice(0, 2)
    .map((w) => String.fromCodePoint(w.codePointAt(0)!).toLocaleUpperCase('en-US'))
    .join('');
}
