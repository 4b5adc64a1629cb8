import type { RenderedStep, WireFinishReason, WireStep } from './wire-types';

/** Anthropic requires max_tokens; the AI SDK sends this when none is set. */
const DEFAULT_MAX_TOKENS = 4096;
const STOP = {
  stop: 'end_turn',
  'tool-calls': 'tool_use',
  length: 'max_tokens',
  'content-filter': 'refusal',
  error: 'end_turn',
  other: 'end_turn',
} as const satisfies Record<WireFinishReason, string>;

type Block = Record<string, unknown>;
const assistantBlocks = (text: string, calls: WireStep['response']['toolCalls']): Block[] => [
  ...(text ? [{ type: 'text', text }] : []),
  ...calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.input ?? {} })),
];

/**
 * The step as Anthropic Messages carries it (seed 002 §4.3): tool results travel in a user
 * message as `tool_result` blocks, and messages of the same role are merged, as the API
 * requires them to alternate.
 */
export function renderAnthropic({ request, response }: WireStep): RenderedStep {
  const messages: { role: 'user' | 'assistant'; content: string | Block[] }[] = [];
  const push = (role: 'user' | 'assistant', content: string | Block[]) => {
    const last = messages.at(-1);
    if (last?.role !== role) {
      messages.push({ role, content });
      return;
    }
    const blocks = (value: string | Block[]): Block[] =>
      typeof value === 'string' ? [{ type: 'text', text: value }] : value;
    last.content = [...blocks(last.content), ...blocks(content)];
  };
  for (const message of request.messages) {
    if (message.role === 'user') push('user', message.text);
    else if (message.role === 'tool')
      push('user', [
        {
          type: 'tool_result',
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(message.isError ? { is_error: true } : {}),
        },
      ]);
    else push('assistant', assistantBlocks(message.text, message.toolCalls));
  }
  const choice = request.toolChoice;
  const toolChoice =
    choice === 'auto'
      ? { type: 'auto' }
      : choice === 'required'
        ? { type: 'any' }
        : choice === 'none'
          ? { type: 'none' }
          : { type: 'tool', name: choice.toolName };
  return {
    request: {
      model: request.model,
      max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
      ...(request.system ? { system: request.system } : {}),
      messages,
      ...(request.tools.length > 0
        ? {
            tools: request.tools.map((tool) => ({
              name: tool.name,
              description: tool.description,
              input_schema: tool.inputSchema,
            })),
          }
        : {}),
      tool_choice:
        request.parallelToolCalls === false && choice !== 'none'
          ? { ...toolChoice, disable_parallel_tool_use: true }
          : toolChoice,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    },
    response: {
      id: `msg_${response.id}`,
      type: 'message',
      role: 'assistant',
      model: response.model,
      content: assistantBlocks(response.text, response.toolCalls),
      stop_reason: STOP[response.finishReason],
      stop_sequence: null,
      ...(response.usage
        ? { usage: { input_tokens: response.usage.inputTokens, output_tokens: response.usage.outputTokens } }
        : {}),
    },
  };
}
