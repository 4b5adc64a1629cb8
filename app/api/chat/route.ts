import { handleChatRequest } from '@/lib/server/handle-chat-request';

export const dynamic = 'force-dynamic';

const simulatedChunkDelayMs = Number(process.env.SIMULATED_CHUNK_DELAY_MS ?? 12);

export function POST(request: Request): Promise<Response> {
  return handleChatRequest(request, { simulatedChunkDelayMs, env: process.env });
}
