import { queryOptions } from '@tanstack/react-query';
import type { ChatRequest } from '@/lib/agent/chat-request-schema';
import type { CapturedRequest } from '@/lib/shapes/wire-capture';
import type { WireFormat } from '@/lib/shapes/wire-capture';

export type RenderedRequest = { request: CapturedRequest; packageName: string };

/** The request a provider's own AI SDK package would send for a step, from `POST /api/wire` (nothing is sent to the provider). */
export function renderedRequestQuery(chat: ChatRequest, format: WireFormat) {
  const body = JSON.stringify({ ...chat, format });
  return queryOptions({
    queryKey: ['wire', body],
    queryFn: async ({ signal }): Promise<RenderedRequest> => {
      const response = await fetch('/api/wire', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal,
      });
      const answer = (await response.json()) as RenderedRequest | { error: { message: string } };
      if ('error' in answer) throw new Error(answer.error.message);
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
