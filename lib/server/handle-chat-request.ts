import 'server-only';
import { chatRequestProblem, chatRequestSchema } from '../agent/chat-route';
import { INPUT_LIMITS } from '../limits/input-limits';
import { routeErrorResponse } from './route-errors';
import { readJsonBody } from './read-json-body';
import { streamChatTurn, type ChatTurnOptions } from './stream-chat-turn';

/** The header a key typed in the browser travels in (never the body, never a session). */
export const PROVIDER_KEY_HEADER = 'x-provider-key';

/** `POST /api/chat`: parses and validates the body, then streams one model step. */
export async function handleChatRequest(
  request: Request,
  options: Omit<ChatTurnOptions, 'typedKey' | 'signal'>,
): Promise<Response> {
  const body = await readJsonBody(request, INPUT_LIMITS.maxChatBodyBytes);
  if (!body.ok) return routeErrorResponse(body.code, body.message);
  const parsed = chatRequestSchema.safeParse(body.value);
  if (!parsed.success) return routeErrorResponse('invalid_body', chatRequestProblem(parsed.error));
  const typedKey = request.headers.get(PROVIDER_KEY_HEADER)?.trim() || undefined;
  return streamChatTurn(parsed.data, { ...options, typedKey, signal: request.signal });
}
