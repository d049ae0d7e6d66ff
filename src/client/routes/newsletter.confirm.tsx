import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { ConfirmPage } from '../../features/subscribers/client/ConfirmPage.tsx';

export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: simpleHead(['Confirm your subscription'], 'Confirm your newsletter subscription.'),
  component: ConfirmRoute,
});

function ConfirmRoute() {
  // The raw query: the router parses search values as JSON.
  const searchStr = useLocation({ select: (l) => l.searchStr });
  return <ConfirmPage token={new URLSearchParams(searchStr).get('token') ?? undefined} />;
}
