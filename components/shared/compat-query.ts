import { queryOptions } from '@tanstack/react-query';
import type { CompatAnswer } from '@/lib/tools/compat/compat-route';
import type { ToolSpec } from '@/lib/shapes/tool-spec';

/**
 * Each tool's schema as each provider package sends it, from `POST /api/compat` (nothing is sent
 * to a provider), sent and read with the route's contract.
 */
export function compatQuery(tools: readonly ToolSpec[]) {
  const body = JSON.stringify({ tools });
  return queryOptions({
    queryKey: ['compat', body],
    queryFn: async ({ signal }): Promise<CompatAnswer> => {
      const [{ COMPAT_ROUTE, compatAnswerSchema }, { readRouteRefusal }] = await Promise.all([
        import('@/lib/tools/compat/compat-route'),
        import('@/lib/shapes/route-error'),
      ]);
      const response = await fetch(COMPAT_ROUTE, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal,
      });
      if (!response.ok)
        throw new Error(await readRouteRefusal(response, `${COMPAT_ROUTE} answered ${response.status}.`));
      const answer = compatAnswerSchema.safeParse(await response.json().catch(() => undefined));
      if (!answer.success) throw new Error(`${COMPAT_ROUTE} answered something else than the tools as sent.`);
      return answer.data;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
