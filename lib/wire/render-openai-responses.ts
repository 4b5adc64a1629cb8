import { argumentsJson, type RenderedStep, type WireStep } from './wire-types';

/** The step as the OpenAI Responses API carries it: items, not chat messages. */
export function renderOpenAIResponses({ request, response }: WireStep): RenderedStep {
  const input: Record<string, unknown>[] = [];
  for (const message of request.messages) {
    if (message.role === 'user') input.push({ role: 'user', content: message.text });
    else if (message.role === 'tool')
      input.push({ type: 'function_call_output', call_id: message.toolCallId, output: message.content });
    else {
      if (message.text) input.push({ role: 'assistant', content: message.text });
      for (const call of message.toolCalls)
        input.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: argumentsJson(call.input) });
    }
  }
  const choice = request.toolChoice;
  const toolChoice = typeof choice === 'string' ? choice : { type: 'function', name: choice.toolName };
  const tools = request.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  }));
  const output: Record<string, unknown>[] = [];
  if (response.text)
    output.push({
      type: 'message',
      id: `msg_${response.id}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: response.text, annotations: [] }],
    });
  for (const call of response.toolCalls)
    output.push({
      type: 'function_call',
      id: `fc_${call.id}`,
      status: 'completed',
      call_id: call.id,
      name: call.name,
      arguments: argumentsJson(call.input),
    });
  return {
    request: {
      model: request.model,
      ...(request.system ? { instructions: request.system } : {}),
      input,
      ...(tools.length > 0 ? { tools } : {}),
      tool_choice: toolChoice,
      ...(request.parallelToolCalls === false ? { parallel_tool_calls: false } : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxOutputTokens === undefined ? {} : { max_output_tokens: request.maxOutputTokens }),
    },
    response: {
      id: `resp_${response.id}`,
      object: 'response',
      ...(response.createdAtMs === undefined ? {} : { created_at: Math.floor(response.createdAtMs / 1000) }),
      model: response.model,
      status:
        response.finishReason === 'length' || response.finishReason === 'content-filter' ? 'incomplete' : 'completed',
      error: null,
      incomplete_details:
        response.finishReason === 'length'
          ? { reason: 'max_output_tokens' }
          : response.finishReason === 'content-filter'
            ? { reason: 'content_filter' }
            : null,
      output,
      // The API echoes the request's settings in its response (the SDKs' Response type requires them).
      instructions: request.system || null,
      metadata: {},
      parallel_tool_calls: request.parallelToolCalls ?? true,
      temperature: request.temperature ?? null,
      top_p: null,
      max_output_tokens: request.maxOutputTokens ?? null,
      tool_choice: toolChoice,
      tools: tools.map((tool) => ({ ...tool, strict: null })),
      access_programs: null,
      ...(response.usage
        ? {
            usage: {
              input_tokens: response.usage.inputTokens,
              // The step keeps no cache or reasoning breakdown: none is claimed.
              input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
              output_tokens: response.usage.outputTokens,
              output_tokens_details: { reasoning_tokens: 0 },
              total_tokens: response.usage.inputTokens + response.usage.outputTokens,
            },
          }
        : {}),
    },
  };
}
