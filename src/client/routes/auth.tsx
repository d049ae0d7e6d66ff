import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthScreen } from '../../features/auth/client/AuthScreen.tsx';
import { safeRedirect } from '../../lib/shared/safe-redirect.ts';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect, '');
    return redirect ? { redirect } : {};
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  return <AuthScreen onAuthenticated={() => router.history.push(redirect ?? '/')} />;
}
