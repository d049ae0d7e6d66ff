// Where /auth sends someone after signing in.
import { safeRedirect } from '../../../lib/shared/safe-redirect.ts';
import type { AuthUser } from '../auth.schema.ts';

/**
 * A `redirect` (a guarded page that sent them here) wins; otherwise an administrator goes to the
 * dashboard, and a family back to the page it came from ('back'), or home when /auth was opened directly.
 */
export function signInLanding(user: Pick<AuthUser, 'isAdmin'>, redirect: string | undefined, canGoBack: boolean): string | 'back' {
  const target = safeRedirect(redirect, '');
  if (target) return target;
  if (user.isAdmin) return '/admin';
  return canGoBack ? 'back' : '/';
}
