import 'server-only';
import { INPUT_LIMITS } from '../limits/input-limits';
import { compatAnswerSchema, compatRequestSchema } from '../tools/compat/compat-route';
import { chatErrorResponse } from './chat-errors';
import { readJsonBody } from './read-json-body';
import { renderToolsForTargets } from './render-tools-for-targets';

/**
 * `POST /api/compat`: each tool's schema as each provider package would send it, rendered by the
 * package with a capture-only fetch (nothing leaves the server, no key).
 */
export async function handleCompatRequest(request: Request): Promise<Response> {
  const body = await readJsonBody(request, INPUT_LIMITS.maxChatBodyBytes);
  if (!body.ok) return chatErrorResponse(body.code, body.message);
  const parsed = compatRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return chatErrorResponse(
      'invalid_body',
      `The tools cannot be checked: ${issue?.path.join('.') || 'the body'} ${issue?.message ?? 'is not valid'}.`,
    );
  }
  return Response.json(compatAnswerSchema.parse({ sent: await renderToolsForTargets(parsed.data.tools) }));
}
