import { queryOptions } from '@tanstack/react-query';
import type { ProviderInfo } from '@/lib/providers/provider-info';
import { firstIssue } from '@/lib/limits/first-issue';

/** Which providers the server can run, from `GET /api/providers`, read with the route's own contract. */
export const providersQueryOptions = queryOptions({
  queryKey: ['providers'],
  queryFn: async ({ signal }): Promise<ProviderInfo[]> => {
    // The contract (zod) loads with the answer, not with the page's first screen.
    const [{ PROVIDERS_ROUTE, providersAnswerSchema }, response] = await Promise.all([
      import('@/lib/providers/providers-route'),
      fetch('/api/providers', { signal }),
    ]);
    if (!response.ok) throw new Error(`GET ${PROVIDERS_ROUTE} answered ${response.status}`);
    const read = providersAnswerSchema.safeParse(await response.json());
    if (!read.success) {
      const { where, why } = firstIssue(read.error, 'the answer');
      throw new Error(`GET ${PROVIDERS_ROUTE} answered something else than the provider list ("${where}" ${why}).`);
    }
    return read.data.providers;
  },
  staleTime: 60_000,
});
