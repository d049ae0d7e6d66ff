import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicy } from '../../features/legal/client/PrivacyPolicy.tsx';
import { trpc } from '../../lib/client/trpc.ts';

export const Route = createFileRoute('/privacy-policy')({
  // The contact e-mail and the breeder's name come from the site settings; a failure is shown in the page.
  loader: ({ context }) => context.queryClient.prefetchQuery(trpc.settings.get.queryOptions()),
  component: PrivacyPolicy,
});
