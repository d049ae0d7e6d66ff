import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthScreen } from '../../features/auth/client/AuthScreen.tsx';
import { signInLanding } from '../../features/auth/client/sign-in-landing.ts';
import type { AuthUser } from '../../features/auth/auth.schema.ts';
import { safeRedirect } from '../../lib/shared/safe-redirect.ts';

export const Route = createFileRoute('/auth')({
  // The router merges the raw search under what this returns: an unsafe value must be overwritten, not left out.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect, '') || undefined,
  }),
  head: simpleHead(['Sign in'], 'Sign in or create an account.'),
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const land = (user: AuthUser) => {
    const to = signInLanding(user, redirect, router.history.canGoBack());
    if (to === 'back') router.history.back();
    else router.history.push(to);
  };
  return <AuthScreen onAuthenticated={land} />;
}
