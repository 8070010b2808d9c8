import { QueryClient, type DefaultOptions } from "@tanstack/react-query";

// Spec part 1 §7: no refetch on focus or interval by default, data never goes stale, no retries.
export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
    staleTime: Infinity,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
