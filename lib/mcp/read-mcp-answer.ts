import type { McpProgress } from '../shapes/mcp-access';
import type { McpWireLine } from '../shapes/mcp-wire';
import { checkJsonDepth } from '../limits/check-json-depth';
import { INPUT_LIMITS } from '../limits/input-limits';
import type { McpAnswer, McpCallLine, McpRequestInput, mcpAnswerSchemas } from './mcp-route';

/*
 * The page's side of `POST /api/mcp`: each request checked and each answer read with the route's
 * contract (`mcp-route.ts`, loaded with the first question: zod is not part of the first load),
 * as a stranger's text — bounded in size and depth.
 */

/** Largest answer of the route read (a tool list, a prompt, a resource, a call's result), in characters. */
const MAX_ANSWER_CHARS = INPUT_LIMITS.maxMcpAnswerChars;

const contract = () => import('./mcp-route');

/** The route's refusal or a failure on the way, with its code (`not_connected` makes the client connect again). */
export class McpRouteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The actions answered with one JSON object (all but `call`, which streams, and `connect-stdio`, answered as `connect`). */
export type AnsweredAction = keyof typeof mcpAnswerSchemas;

/** Parses one answer of the route: bounded in size and depth (it carries an MCP server's words). */
function parseAnswer(text: string): unknown {
  if (text.length > MAX_ANSWER_CHARS)
    throw new McpRouteError('too_large', `The MCP server's answer is too large (${text.length} characters).`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new McpRouteError('bad_answer', 'The playground server answered something else than JSON.');
  }
  const depth = checkJsonDepth(value);
  if (!depth.ok) throw new McpRouteError('too_deep', `The MCP server's answer is refused: ${depth.message}.`);
  return value;
}

/** The request as the contract says it (defaults filled in), or the error saying which field is wrong. */
export async function checkedRequest(body: McpRequestInput): Promise<string> {
  const { mcpRequestSchema, mcpRequestProblem } = await contract();
  const checked = mcpRequestSchema.safeParse(body);
  if (!checked.success) throw new McpRouteError('invalid_body', mcpRequestProblem(checked.error));
  return JSON.stringify(checked.data);
}

/** A refusal of the route: its code and sentence, or the status when it answered something else. */
async function refusal(response: Response): Promise<McpRouteError> {
  const { routeErrorSchema } = await contract();
  let said: unknown;
  try {
    said = parseAnswer(await response.text());
  } catch (error) {
    if (error instanceof McpRouteError && error.code !== 'bad_answer') return error;
  }
  const refused = routeErrorSchema.safeParse(said);
  return refused.success
    ? new McpRouteError(refused.data.error.code, refused.data.error.message)
    : new McpRouteError('failed', `The playground server answered HTTP ${response.status}.`);
}

/** Reads what `action` answers, with its contract. */
export async function readAnswer<Action extends AnsweredAction>(
  response: Response,
  action: Action,
): Promise<McpAnswer<Action>> {
  if (!response.ok) throw await refusal(response);
  const { mcpAnswerSchemas, MCP_ROUTE } = await contract();
  const read = mcpAnswerSchemas[action].safeParse(parseAnswer(await response.text()));
  if (!read.success)
    throw new McpRouteError(
      'bad_answer',
      `${MCP_ROUTE} answered "${action}" with something else than its contract says.`,
    );
  return read.data as McpAnswer<Action>;
}

/** A call's final line: its result or its error. */
export type McpCallEnd = Extract<McpCallLine, { type: 'result' | 'error' }>;
/** A question a running call asks (an `input` line). */
export type McpCallQuestion = Extract<McpCallLine, { type: 'input' }>['input'];

/**
 * Reads a call's lines: progress while it runs, questions for the person (handed to `onInput`,
 * which answers them; the stream waits meanwhile), its exchanges with the server (to `onWire`),
 * then its result or error.
 */
export async function readCall(
  response: Response,
  {
    onProgress,
    onInput,
    onWire,
  }: {
    onProgress?: (progress: McpProgress) => void;
    onInput?: (question: McpCallQuestion) => void;
    onWire?: (line: McpWireLine) => void;
  },
): Promise<McpCallEnd> {
  if (!response.ok || !response.body) throw await refusal(response);
  const { mcpCallLineSchema, MCP_ROUTE } = await contract();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: McpCallEnd | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffered += value;
    if (buffered.length > MAX_ANSWER_CHARS)
      throw new McpRouteError('too_large', 'The MCP server answered with too much.');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines.filter((each) => each.trim() !== '')) {
      const line = mcpCallLineSchema.safeParse(parseAnswer(text));
      if (!line.success)
        throw new McpRouteError(
          'bad_answer',
          `${MCP_ROUTE} answered a call with something else than its contract says.`,
        );
      if (line.data.type === 'progress') {
        const { progress, total, message } = line.data;
        onProgress?.({
          progress,
          ...(total !== undefined ? { total } : {}),
          ...(message !== undefined ? { message: message.slice(0, 200) } : {}),
        });
      } else if (line.data.type === 'input') onInput?.(line.data.input);
      else if (line.data.type === 'wire') onWire?.({ exchange: line.data.exchange });
      else if (line.data.type === 'wire-omitted') onWire?.({ omitted: line.data.count });
      else last = line.data;
    }
    if (done) break;
  }
  if (!last) throw new McpRouteError('server_error', 'The call ended without a result.');
  return last;
}
