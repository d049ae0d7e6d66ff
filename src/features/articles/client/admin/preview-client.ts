// The editor's live preview: a Markdown body can be 200 KB, too large for a query string, so this one
// query goes as a POST (the server allows the method override).
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../../../../lib/client/trpc.ts';

const previewClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc', methodOverride: 'POST', fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }) })],
});

export const previewQueryOptions = (body: string) => ({
  queryKey: ['article-preview', body] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => previewClient.admin.articles.preview.query({ body }, { signal }),
  staleTime: Infinity,
});
