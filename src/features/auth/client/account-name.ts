// The name the site calls a signed-in account by (the header, its menu and the portal's welcome).
import type { AuthUser } from '../auth.schema.ts';

/** The name a family chose, or its username. */
export function nameOf(user: AuthUser): string {
  return user.displayName?.trim() || user.username;
}
