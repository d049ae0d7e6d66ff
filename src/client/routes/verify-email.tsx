import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/auth/client/VerifyEmailPage.tsx';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: simpleHead(['Confirm your e-mail address'], 'Confirm the e-mail address of your family account.'),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  // The raw query: the router parses search values as JSON.
  const searchStr = useLocation({ select: (l) => l.searchStr });
  return <VerifyEmailPage token={new URLSearchParams(searchStr).get('token') ?? undefined} />;
}
