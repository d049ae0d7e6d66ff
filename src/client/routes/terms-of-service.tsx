import { createFileRoute, notFound } from '@tanstack/react-router';
import { LegalPage } from '../../features/articles/client/LegalPage.tsx';
import { parseLegalSearch } from '../../features/articles/client/legal-search.ts';
import { isNotFoundError } from '../../features/articles/client/article-loading.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { legalHead } from '../../features/articles/client/article-heads.ts';

export const Route = createFileRoute('/terms-of-service')({
  validateSearch: parseLegalSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient
      .ensureQueryData(trpc.articles.legal.queryOptions({ page: 'terms', version: deps.version }))
      .catch((error: unknown) => {
        throw isNotFoundError(error) ? notFound() : error;
      }),
  head: (ctx) => routeHead(ctx, (tools) => legalHead(tools, 'terms', ctx.match.search.version)),
  component: TermsOfServiceRoute,
});

function TermsOfServiceRoute() {
  return <LegalPage page="terms" version={Route.useSearch().version} />;
}
