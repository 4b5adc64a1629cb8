import type { McpProgress } from '../shapes/mcp-access';
import { checkJsonDepth } from '../limits/check-json-depth';
import { INPUT_LIMITS } from '../limits/input-limits';

/* What the MCP route answers, read as a stranger's text: bounded in size and depth. */

/** Largest answer of the route read (a tool list, a prompt, a resource, a call's result), in characters. */
const MAX_ANSWER_CHARS = INPUT_LIMITS.maxMcpAnswerChars;

/** The route's refusal or a failure on the way, with its code (`not_connected` makes the client connect again). */
export class McpRouteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export /** Parses one answer of the route: bounded in size and depth (it carries an MCP server's words). */
function parseAnswer(text: string): Record<string, unknown> {
  if (text.length > MAX_ANSWER_CHARS)
    throw new McpRouteError('too_large', `The MCP server's answer is too large (${text.length} characters).`);
  const value: unknown = JSON.parse(text);
  const depth = checkJsonDepth(value);
  if (!depth.ok) throw new McpRouteError('too_deep', `The MCP server's answer is refused: ${depth.message}.`);
  return value as Record<string, unknown>;
}

export /** Reads a call's lines: progress while it runs, then its result or error. */
async function readCall(
  response: Response,
  onProgress: ((progress: McpProgress) => void) | undefined,
): Promise<Record<string, unknown>> {
  if (!response.ok || !response.body) {
    const answer = parseAnswer(await response.text());
    const error = answer.error as { code?: string; message?: string } | undefined;
    throw new McpRouteError(error?.code ?? 'failed', error?.message ?? `HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffered += value;
    if (buffered.length > MAX_ANSWER_CHARS)
      throw new McpRouteError('too_large', 'The MCP server answered with too much.');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter((each) => each.trim() !== '')) {
      const parsed = parseAnswer(line);
      if (parsed.type === 'progress' && typeof parsed.progress === 'number')
        onProgress?.({
          progress: parsed.progress,
          ...(typeof parsed.total === 'number' ? { total: parsed.total } : {}),
          ...(typeof parsed.message === 'string' ? { message: parsed.message.slice(0, 200) } : {}),
        });
      else last = parsed;
    }
    if (done) break;
  }
  if (!last) throw new McpRouteError('server_error', 'The call ended without a result.');
  return last;
}
