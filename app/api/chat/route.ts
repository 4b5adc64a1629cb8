import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { guarded } from '@/lib/server/route-guard';

export const dynamic = 'force-dynamic';

const simulatedChunkDelayMs = Number(process.env.SIMULATED_CHUNK_DELAY_MS ?? 12);

export const POST = guarded(process.env, (request) =>
  handleChatRequest(request, { simulatedChunkDelayMs, env: process.env }),
);
