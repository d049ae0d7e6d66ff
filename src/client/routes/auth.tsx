import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthScreen } from '../../features/auth/client/AuthScreen.tsx';
import { safeRedirect } from '../../lib/shared/safe-redirect.ts';

export const Route = createFileRoute('/auth')({
  // The router merges the raw search under what this returns: an unsafe value must be overwritten, not left out.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirect(search.redirect, '') || undefined }),
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  return <AuthScreen onAuthenticated={() => router.history.push(safeRedirect(redirect))} />;
}
