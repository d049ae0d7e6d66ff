import { simpleHead } from '../../lib/client/route-head.ts';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { UnsubscribePage } from '../../features/subscribers/client/UnsubscribePage.tsx';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: simpleHead(['Unsubscribe'], 'Stop receiving our newsletter.'),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  // Read the raw query: the router parses search values as JSON, which would turn an all-digit token into a number.
  const searchStr = useLocation({ select: (l) => l.searchStr });
  return <UnsubscribePage token={new URLSearchParams(searchStr).get('token') ?? undefined} />;
}
