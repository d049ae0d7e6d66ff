import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../../features/unsubscribe/client/UnsubscribePage.tsx';

export const Route = createFileRoute('/unsubscribe')({
  // The router parses search values as JSON, so an all-digit token arrives as a number.
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' || typeof search.token === 'number' ? { token: String(search.token) } : {},
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  return <UnsubscribePage token={Route.useSearch().token} />;
}
