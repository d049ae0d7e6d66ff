// Route loaders start the reads a page shows. The server waits for them (it sends the finished page);
// the browser does not (each part of the page renders as its data arrives).
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of queries of any data type
export function prefetch(queryClient: QueryClient, ...queries: Array<FetchQueryOptions<any, any, any, any>>): Promise<void> | undefined {
  const all = Promise.all(queries.map((q) => queryClient.prefetchQuery(q)));
  return import.meta.env.SSR ? all.then(() => undefined) : undefined;
}
