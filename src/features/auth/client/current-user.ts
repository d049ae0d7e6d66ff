// The current-user query: read by AuthProvider for the page and by route guards (beforeLoad) through the router's QueryClient.
import { queryOptions } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { trpc, trpcClient } from '../../../lib/client/trpc.ts';
import type { AuthUser } from '../auth.schema.ts';

/** The current user: null for a visitor, for a 401, and (logged) for any other failure. */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  try {
    return await trpcClient.auth.me.query();
  } catch (error) {
    const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
    if (status !== 401) console.error('Failed to fetch user', error);
    return null;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: trpc.auth.me.queryKey(),
  queryFn: fetchCurrentUser,
  refetchOnWindowFocus: false,
  retry: false,
});
