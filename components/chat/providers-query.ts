import { queryOptions } from '@tanstack/react-query';
import type { ProviderInfo } from '@/lib/providers/provider-info';

/** Which providers the server can run, from `GET /api/providers`. */
export const providersQueryOptions = queryOptions({
  queryKey: ['providers'],
  queryFn: async ({ signal }): Promise<ProviderInfo[]> => {
    const response = await fetch('/api/providers', { signal });
    if (!response.ok) throw new Error(`GET /api/providers answered ${response.status}`);
    return ((await response.json()) as { providers: ProviderInfo[] }).providers;
  },
  staleTime: 60_000,
});
