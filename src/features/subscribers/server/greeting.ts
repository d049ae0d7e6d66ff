// The name in "Hi <name>," of mail to an address that has not confirmed it: anyone can type any address
// and any name into the newsletter form, so only what a person's name holds is mailed (issue 28, item 10a).

/** Longest name kept in a greeting. */
export const GREETING_NAME_MAX = 60;

/** Letters of any script (with their combining marks), spaces, apostrophes, hyphens and periods: nothing else. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.\-‐]+$/u;
/** A period joining two words without a space, as in a domain name ("evil.example"; "J.R.R. Tolkien" is a name). */
const DOMAIN_LIKE = /\p{L}\p{M}*\.\p{L}\p{M}*\p{L}/u;
/** Words that only links have. */
const LINK_WORDS = /(?:^|[^\p{L}])(?:https?|www|ftp|mailto)(?:[^\p{L}]|$)/iu;

/**
 * The name as a greeting may use it, or null to greet without it: kept only when it holds letters (any
 * script), spaces, apostrophes, hyphens and periods, at most 60 characters, no digits, and no URL- or
 * domain-like text.
 */
export function greetingName(name: string | null | undefined): string | null {
  const trimmed = name?.replace(/ {2,}/g, ' ').trim();
  if (!trimmed || trimmed.length > GREETING_NAME_MAX) return null;
  if (!NAME_CHARACTERS.test(trimmed) || !/\p{L}/u.test(trimmed)) return null;
  if (DOMAIN_LIKE.test(trimmed) || LINK_WORDS.test(trimmed)) return null;
  return trimmed;
}

/** "Hi <name>," when the name is fit for it, "Hello," otherwise. */
export const greeting = (name: string | null | undefined) => {
  const kept = greetingName(name);
  return kept ? `Hi ${kept},` : 'Hello,';
};
