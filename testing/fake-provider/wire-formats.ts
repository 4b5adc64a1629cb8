import { argumentsText, type FakeReply, type FakeRequestView } from './fake-reply.ts';

// biome-ignore lint/suspicious/noExplicitAny: the fake reads any provider's request body loosely, as a real server would
type Json = Record<string, any>;

/** One wire format: how to read a request and how to write a reply as SSE events. */
export type WireFormat = {
  view(body: Json, path: string): FakeRequestView;
  /** SSE frames, in order (each is written as-is). */
  frames(reply: Extract<FakeReply, { kind: 'text' | 'tool-calls' }>, model: string): string[];
  /** The reply as one JSON body, for a request that did not ask to stream (other clients than the AI SDK: promptfoo). */
  json?(reply: Extract<FakeReply, { kind: 'text' | 'tool-calls' }>, model: string): Json;
  errorBody(status: number, message: string): Json;
};

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const event = (name: string, value: unknown) => `event: ${name}\ndata: ${JSON.stringify(value)}\n\n`;
const chunks = (text: string, size = 12) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
const contentText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((part) =>
            typeof part === 'string' ? part : (part.text ?? JSON.stringify(part.output ?? part.content ?? '')),
          )
          .join('')
      : JSON.stringify(content);

/** OpenAI Chat Completions (also every OpenAI-compatible server). */
export const openaiChat: WireFormat = {
  view: (body) => {
    const messages: Json[] = body.messages ?? [];
    const lastUser = messages.map((message) => message.role).lastIndexOf('user');
    return {
      model: body.model,
      toolNames: (body.tools ?? []).map((tool: Json) => tool.function?.name),
      toolResults: messages
        .slice(lastUser + 1)
        .filter((message) => message.role === 'tool')
        .map((message) => contentText(message.content)),
      parallelToolCalls: body.parallel_tool_calls !== false,
      raw: JSON.stringify(body),
      lastUserText: lastUser === -1 ? '' : contentText(messages[lastUser].content),
      toolSchemas: Object.fromEntries(
        (body.tools ?? []).map((tool: Json) => [tool.function?.name, tool.function?.parameters ?? {}]),
      ),
      toolDescriptions: Object.fromEntries(
        (body.tools ?? []).map((tool: Json) => [tool.function?.name, String(tool.function?.description ?? '')]),
      ),
    };
  },
  json: (reply, model) => ({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text || null,
          ...(reply.kind === 'tool-calls'
            ? {
                tool_calls: reply.calls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: argumentsText(call) },
                })),
              }
            : {}),
        },
        finish_reason: reply.kind === 'tool-calls' ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 },
  }),
  frames: (reply, model) => {
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model };
    const frames = [
      data({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
    ];
    for (const piece of chunks(reply.text))
      frames.push(data({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }));
    if (reply.kind === 'tool-calls') {
      reply.calls.forEach((call, index) => {
        frames.push(
          data({
            ...base,
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
                },
                finish_reason: null,
              },
            ],
          }),
        );
        const args = argumentsText(call);
        for (const piece of chunks(reply.stop === 'length' ? args.slice(0, args.length / 2) : args, 6)) {
          frames.push(
            data({
              ...base,
              choices: [
                { index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null },
              ],
            }),
          );
        }
      });
    }
    frames.push(
      data({
        ...base,
        choices: [
          {
            index: 0,
            delta: {},
            finish_reason:
              reply.stop === 'length'
                ? 'length'
                : reply.stop === 'content-filter'
                  ? 'content_filter'
                  : reply.kind === 'tool-calls'
                    ? 'tool_calls'
                    : 'stop',
          },
        ],
      }),
    );
    frames.push(data({ ...base, choices: [], usage: { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 } }));
    frames.push('data: [DONE]\n\n');
    return frames;
  },
  errorBody: (status, message) => ({
    error: {
      message,
      type: status === 401 ? 'invalid_request_error' : 'api_error',
      code: status === 401 ? 'invalid_api_key' : null,
    },
  }),
};

/** OpenAI Responses API. */
export const openaiResponses: WireFormat = {
  view: (body) => {
    const input: Json[] = Array.isArray(body.input) ? body.input : [];
    const lastUser = input.map((item) => item.role).lastIndexOf('user');
    return {
      model: body.model,
      toolNames: (body.tools ?? []).map((tool: Json) => tool.name),
      toolResults: input
        .slice(lastUser + 1)
        .filter((item) => item.type === 'function_call_output')
        .map((item) => contentText(item.output)),
      parallelToolCalls: body.parallel_tool_calls !== false,
      raw: JSON.stringify(body),
    };
  },
  frames: (reply, model) => {
    const frames = [
      event('response.created', {
        type: 'response.created',
        sequence_number: 0,
        response: { id: 'resp_fake', created_at: 1_700_000_000, model, service_tier: null },
      }),
    ];
    frames.push(
      event('response.output_item.added', {
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'message', id: 'msg_fake' },
      }),
    );
    for (const piece of chunks(reply.text)) {
      frames.push(
        event('response.output_text.delta', {
          type: 'response.output_text.delta',
          item_id: 'msg_fake',
          output_index: 0,
          content_index: 0,
          delta: piece,
          logprobs: [],
        }),
      );
    }
    frames.push(
      event('response.output_item.done', {
        type: 'response.output_item.done',
        output_index: 0,
        item: { type: 'message', id: 'msg_fake' },
      }),
    );
    if (reply.kind === 'tool-calls') {
      reply.calls.forEach((call, index) => {
        const item = { type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: '' };
        frames.push(
          event('response.output_item.added', { type: 'response.output_item.added', output_index: index + 1, item }),
        );
        for (const piece of chunks(argumentsText(call), 6)) {
          frames.push(
            event('response.function_call_arguments.delta', {
              type: 'response.function_call_arguments.delta',
              item_id: item.id,
              output_index: index + 1,
              delta: piece,
            }),
          );
        }
        frames.push(
          event('response.output_item.done', {
            type: 'response.output_item.done',
            output_index: index + 1,
            item: { ...item, arguments: argumentsText(call), status: 'completed' },
          }),
        );
      });
    }
    const usage = {
      input_tokens: 42,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 17,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 59,
    };
    frames.push(
      event('response.completed', {
        type: 'response.completed',
        response: { id: 'resp_fake', status: 'completed', incomplete_details: null, usage, service_tier: null },
      }),
    );
    return frames;
  },
  errorBody: openaiChat.errorBody,
};

/** Anthropic Messages. */
export const anthropicMessages: WireFormat = {
  view: (body) => {
    const messages: Json[] = body.messages ?? [];
    const last = messages.at(-1);
    const results =
      last?.role === 'user' && Array.isArray(last.content)
        ? last.content.filter((part: Json) => part.type === 'tool_result')
        : [];
    return {
      model: body.model,
      toolNames: (body.tools ?? []).map((tool: Json) => tool.name),
      toolResults: results.map((part: Json) => contentText(part.content)),
      parallelToolCalls: body.tool_choice?.disable_parallel_tool_use !== true,
      raw: JSON.stringify(body),
    };
  },
  frames: (reply, model) => {
    const frames = [
      event('message_start', {
        type: 'message_start',
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 42, output_tokens: 1 },
        },
      }),
      event('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }),
    ];
    for (const piece of chunks(reply.text))
      frames.push(
        event('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text: piece },
        }),
      );
    frames.push(event('content_block_stop', { type: 'content_block_stop', index: 0 }));
    if (reply.kind === 'tool-calls') {
      reply.calls.forEach((call, index) => {
        frames.push(
          event('content_block_start', {
            type: 'content_block_start',
            index: index + 1,
            content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
          }),
        );
        for (const piece of chunks(argumentsText(call), 6)) {
          frames.push(
            event('content_block_delta', {
              type: 'content_block_delta',
              index: index + 1,
              delta: { type: 'input_json_delta', partial_json: piece },
            }),
          );
        }
        frames.push(event('content_block_stop', { type: 'content_block_stop', index: index + 1 }));
      });
    }
    frames.push(
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: reply.kind === 'tool-calls' ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: 17 },
      }),
    );
    frames.push(event('message_stop', { type: 'message_stop' }));
    return frames;
  },
  errorBody: (status, message) => ({
    type: 'error',
    error: {
      type: status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : 'api_error',
      message,
    },
  }),
};

/** Gemini streamGenerateContent (alt=sse). */
export const geminiStream: WireFormat = {
  view: (body, path) => {
    const contents: Json[] = body.contents ?? [];
    const last = contents.at(-1);
    const responses = (last?.parts ?? []).filter((part: Json) => part.functionResponse);
    return {
      model: /models\/([^:]+):/.exec(path)?.[1] ?? '',
      toolNames: (body.tools ?? []).flatMap((tool: Json) =>
        (tool.functionDeclarations ?? []).map((declaration: Json) => declaration.name),
      ),
      toolResults: responses.map((part: Json) =>
        JSON.stringify(part.functionResponse.response?.content ?? part.functionResponse.response),
      ),
      parallelToolCalls: true,
      raw: JSON.stringify(body),
    };
  },
  frames: (reply) => {
    const frames = chunks(reply.text).map((piece) =>
      data({ candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, index: 0 }] }),
    );
    const calls =
      reply.kind === 'tool-calls'
        ? reply.calls.map((call) => ({ functionCall: { name: call.name, args: call.args } }))
        : [];
    frames.push(
      data({
        candidates: [
          {
            content: { role: 'model', parts: calls.length > 0 ? calls : [{ text: '' }] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 17, totalTokenCount: 59 },
      }),
    );
    return frames;
  },
  errorBody: (status, message) => ({
    error: {
      code: status,
      message,
      status: status === 401 ? 'UNAUTHENTICATED' : status === 404 ? 'NOT_FOUND' : 'INTERNAL',
    },
  }),
};
