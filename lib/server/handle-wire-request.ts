import 'server-only';
import { renderedRequestSchema, wireRequestSchema } from '../agent/wire-route';
import { INPUT_LIMITS } from '../limits/input-limits';
import { routeErrorResponse } from './route-errors';
import { readJsonBody } from './read-json-body';
import { renderWithPackage } from './render-with-package';
import { chatRequestProblem } from '../agent/chat-route';

/**
 * `POST /api/wire`: the body a provider package would send for a chat request's next step,
 * rendered by that package with a capture-only fetch (nothing leaves the server, no key).
 */
export async function handleWireRequest(request: Request): Promise<Response> {
  const body = await readJsonBody(request, INPUT_LIMITS.maxChatBodyBytes);
  if (!body.ok) return routeErrorResponse(body.code, body.message);
  const parsed = wireRequestSchema.safeParse(body.value);
  if (!parsed.success) return routeErrorResponse('invalid_body', chatRequestProblem(parsed.error));
  const { format, ...chat } = parsed.data;
  const rendered = await renderWithPackage(chat, format);
  if (!rendered.ok) return routeErrorResponse('invalid_messages', rendered.message);
  return Response.json(renderedRequestSchema.parse({ request: rendered.captured, packageName: rendered.packageName }));
}
