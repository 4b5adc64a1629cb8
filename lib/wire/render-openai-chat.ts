import { argumentsJson, type RenderedStep, type WireFinishReason, type WireStep } from './wire-types';

const FINISH = {
  stop: 'stop',
  'tool-calls': 'tool_calls',
  length: 'length',
  'content-filter': 'content_filter',
  error: 'stop',
  other: 'stop',
} as const satisfies Record<WireFinishReason, string>;

const toolCalls = (calls: WireStep['response']['toolCalls']) =>
  calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: argumentsJson(call.input) },
  }));

/** The step as OpenAI Chat Completions carries it (seed 002 §4.2). */
export function renderOpenAIChat({ request, response }: WireStep): RenderedStep {
  const messages: Record<string, unknown>[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  for (const message of request.messages) {
    if (message.role === 'user') messages.push({ role: 'user', content: message.text });
    else if (message.role === 'tool')
      messages.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content });
    else
      messages.push({
        role: 'assistant',
        content: message.text || null,
        ...(message.toolCalls.length > 0 ? { tool_calls: toolCalls(message.toolCalls) } : {}),
      });
  }
  const choice = request.toolChoice;
  return {
    request: {
      model: request.model,
      messages,
      ...(request.tools.length > 0
        ? {
            tools: request.tools.map((tool) => ({
              type: 'function',
              function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
            })),
          }
        : {}),
      tool_choice: typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.toolName } },
      ...(request.parallelToolCalls === false ? { parallel_tool_calls: false } : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxOutputTokens === undefined ? {} : { max_completion_tokens: request.maxOutputTokens }),
    },
    response: {
      id: `chatcmpl-${response.id}`,
      object: 'chat.completion',
      ...(response.createdAtMs === undefined ? {} : { created: Math.floor(response.createdAtMs / 1000) }),
      model: response.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: response.text || null,
            refusal: null,
            ...(response.toolCalls.length > 0 ? { tool_calls: toolCalls(response.toolCalls) } : {}),
          },
          logprobs: null,
          finish_reason: FINISH[response.finishReason],
        },
      ],
      ...(response.usage
        ? {
            usage: {
              prompt_tokens: response.usage.inputTokens,
              completion_tokens: response.usage.outputTokens,
              total_tokens: response.usage.inputTokens + response.usage.outputTokens,
            },
          }
        : {}),
    },
  };
}
