import { createFileRoute } from '@tanstack/react-router';
import { TermsOfService } from '../../features/legal/client/TermsOfService.tsx';
import { trpc } from '../../lib/client/trpc.ts';

export const Route = createFileRoute('/terms-of-service')({
  // The contact e-mail and the breeder's name come from the site settings; a failure is shown in the page.
  loader: ({ context }) => context.queryClient.prefetchQuery(trpc.settings.get.queryOptions()),
  component: TermsOfService,
});
