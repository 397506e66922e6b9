// TanStack Query defaults (docs/product.md, Timings and display): stale after 10 s, one retry, refetch on focus.
import { QueryClient } from '@tanstack/react-query';

export const QUERY_STALE_TIME_MS = 10_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: 1, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
