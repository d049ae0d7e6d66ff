// The browser's tRPC client and the TanStack Query options proxy used by loaders and components.
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
// The one sanctioned upward reference: a type-only import of the router's shape.
import type { AppRouter } from '../../server/router.ts';
import { queryClient } from './query-client.ts';
import type { InProcessCall } from '../shared/ssr.ts';

/**
 * Server rendering calls the procedures in-process with the request's context (no HTTP round trip to
 * itself): the renderer installs a lookup of the current request's call. In the browser it is unset.
 */
let currentCall: () => InProcessCall | undefined = () => undefined;
export function setInProcessCalls(lookup: () => InProcessCall | undefined) {
  currentCall = lookup;
}
const inProcessLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) => {
    const call = op.type === 'query' ? currentCall() : undefined;
    if (!call) return next(op);
    return observable((observer) => {
      call(op.path, op.input).then(
        (data) => {
          observer.next({ result: { type: 'data', data } });
          observer.complete();
        },
        (error: unknown) => observer.error(error instanceof TRPCClientError ? error : TRPCClientError.from(error as Error)),
      );
    });
  };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    inProcessLink,
    // Subscriptions (live messages) are server-sent events on their own stream, reconnecting after a drop;
    // everything else is batched as before.
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/trpc', eventSourceOptions: () => ({ withCredentials: true }) }),
      false: httpBatchLink({
        url: '/trpc',
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The message to show for a failed call: the server's message, or a fallback when unreachable. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    if (!error.data && error.cause) return fallback; // network failure
    return error.message || fallback;
  }
  return fallback;
}

export function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  if (error instanceof TRPCClientError) {
    return (error.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
  }
  return undefined;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.data;
}

export type { AppRouter };
