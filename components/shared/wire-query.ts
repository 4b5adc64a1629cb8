import { queryOptions } from '@tanstack/react-query';
import type { ChatRequest } from '@/lib/agent/chat-route';
import type { RenderedRequest } from '@/lib/agent/wire-route';
import type { WireFormat } from '@/lib/shapes/wire-capture';

export type { RenderedRequest };

/**
 * The request a provider's own AI SDK package would send for a step, from `POST /api/wire`
 * (nothing is sent to the provider), sent and read with the route's contract.
 */
export function renderedRequestQuery(chat: ChatRequest, format: WireFormat) {
  const body = JSON.stringify({ ...chat, format });
  return queryOptions({
    queryKey: ['wire', body],
    queryFn: async ({ signal }): Promise<RenderedRequest> => {
      const [{ WIRE_ROUTE, renderedRequestSchema }, { readRouteRefusal }] = await Promise.all([
        import('@/lib/agent/wire-route'),
        import('@/lib/shapes/route-error'),
      ]);
      const response = await fetch(WIRE_ROUTE, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal,
      });
      if (!response.ok) throw new Error(await readRouteRefusal(response, `${WIRE_ROUTE} answered ${response.status}.`));
      const rendered = renderedRequestSchema.safeParse(await response.json().catch(() => undefined));
      if (!rendered.success) throw new Error(`${WIRE_ROUTE} answered something else than a rendered request.`);
      return rendered.data;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
