import { createFileRoute, useLocation } from '@tanstack/react-router';
import { simpleHead } from '../../lib/client/route-head.ts';
import { SetupPage } from '../../features/site-health/client/SetupPage.tsx';
import { LogoStep } from '../../features/settings/client/LogoStep.tsx';
import { MediaRulesProvider } from '../../lib/client/admin/MediaField.tsx';
import { MEDIA_RULES } from '../../features/media/client/media-rules.ts';

// The server answers /setup itself unless the one-time token is valid (features/site-health/server/setup-gate.plugin.ts).
export const Route = createFileRoute('/setup')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  head: simpleHead(['Set up your website'], 'The first run of a new site.'),
  component: SetupRoute,
});

function SetupRoute() {
  // The raw query: the router parses search values as JSON.
  const searchStr = useLocation({ select: (l) => l.searchStr });
  return (
    <SetupPage
      token={new URLSearchParams(searchStr).get('token') ?? undefined}
      afterAccount={(finish) => (
        <MediaRulesProvider value={MEDIA_RULES}>
          <LogoStep onDone={finish} />
        </MediaRulesProvider>
      )}
    />
  );
}
