// One QueryClient with SPEC §9's defaults: fresh 5 min, kept 10 min, no retry, no refetch on focus.
import { QueryClient } from '@tanstack/react-query';

/** A fresh client with the defaults: one per browser tab, one per server-rendered request. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();

/**
 * SPEC §7 "always refetched" (puppies, litters): every mount fetches again, except right after the
 * route loader fetched the same data (so the first view does not ask twice).
 */
export const ALWAYS_REFETCH = {
  staleTime: 0,
  refetchOnMount: (query: { state: { dataUpdatedAt: number } }) =>
    Date.now() - query.state.dataUpdatedAt > 2000 ? ('always' as const) : false,
};

/** SPEC §9: the gallery is fresh for 15 minutes, kept 30, and not refetched on mount or focus. */
export const GALLERY_QUERY = {
  staleTime: 15 * 60_000,
  gcTime: 30 * 60_000,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
} as const;
