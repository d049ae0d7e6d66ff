// The name the site calls a signed-in account by (the header, its menu and the portal's welcome).
import type { AuthUser } from '../auth.schema.ts';

/** The name a family chose, or its username. */
export function nameOf(user: AuthUser): string {
  return user.displayName?.trim() || user.username;
}

/** Characters of a name the header's account button shows before it ends in "…" (the full name is its accessible name). */
export const HEADER_NAME_MAX = 12;

/**
 * The name as the header's account button shows it: a long username or display name ends in "…" after
 * HEADER_NAME_MAX characters, so a 30-character name does not push the bar off the screen at 1280 px (issue 45).
 */
export function headerNameOf(user: AuthUser): string {
  const name = nameOf(user);
  const chars = Array.from(name);
  return chars.length > HEADER_NAME_MAX
    ? `${chars
        .slice(0, HEADER_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : name;
}
