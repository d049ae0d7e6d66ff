import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthScreen } from '../../features/auth/client/AuthScreen.tsx';

/** Only same-site paths: an absolute or protocol-relative URL would make /auth an open redirect. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.startsWith('/auth')) return undefined;
  return value;
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  return <AuthScreen onAuthenticated={() => router.history.push(redirect ?? '/')} />;
}
