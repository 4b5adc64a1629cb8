import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { SEED_READ_FILE_TOOL, SEED_SYSTEM, SEED_USER_TEXT } from '../../testing/seed-002-example';
import type { RunSettings } from '../shapes/run-settings';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { extractWireSteps } from './extract-wire-steps';
import { renderWireStep } from './render-wire-step';

/** Seed 002 §4: read main.py with one tool. */
const readFile = SEED_READ_FILE_TOOL;
const mainPy = "def main():\n    print('Hello, World!')\n\nif __name__ == '__main__':\n    main()";
const settings = (model: string, patch: Partial<RunSettings> = {}): RunSettings => ({
  ...DEFAULT_RUN_SETTINGS,
  model,
  system: SEED_SYSTEM,
  parallelToolCalls: undefined,
  ...patch,
});
const stepReport = (model: string, inputTokens: number, outputTokens: number) => ({
  type: 'data-step' as const,
  data: { provider: 'x', model, durationMs: 900, inputTokens, outputTokens, finishReason: 'tool-calls' },
});
const conversation = (callId: string, model: string, outputTokens: number): UIMessage[] => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: SEED_USER_TEXT }] },
  {
    id: 'abc123',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'dynamic-tool',
        toolName: 'read_file',
        toolCallId: callId,
        state: 'output-available',
        input: { path: 'main.py' },
        output: mainPy,
      },
      stepReport(model, 150, outputTokens),
      { type: 'step-start' },
      { type: 'text', text: 'It prints a greeting.', state: 'done' },
    ],
  },
];
const step = (messages: UIMessage[], runSettings: RunSettings, key: string) =>
  extractWireSteps(messages, runSettings, [readFile]).get(key)!;

describe('wire formats of one step (seed 002 §4)', () => {
  it('OpenAI Chat Completions: request, tool-call response and the tool result message', () => {
    const messages = conversation('call_abc123', 'gpt-4-turbo', 25);
    const first = renderWireStep(step(messages, settings('gpt-4-turbo'), 'abc123:step-1'), 'openai-chat');
    expect(first.request).toEqual({
      model: 'gpt-4-turbo',
      messages: [
        { role: 'system', content: SEED_SYSTEM },
        { role: 'user', content: SEED_USER_TEXT },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'read_file', description: 'Read the contents of a file', parameters: readFile.inputSchema },
        },
      ],
      tool_choice: 'auto',
    });
    expect(first.response).toEqual({
      id: 'chatcmpl-abc123-1',
      object: 'chat.completion',
      model: 'gpt-4-turbo',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              { id: 'call_abc123', type: 'function', function: { name: 'read_file', arguments: '{"path":"main.py"}' } },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 150, completion_tokens: 25, total_tokens: 175 },
    });
    const second = renderWireStep(step(messages, settings('gpt-4-turbo'), 'abc123:step-2'), 'openai-chat');
    expect((second.request.messages as unknown[]).at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_abc123',
      content: mainPy,
    });
    expect(second.response).toMatchObject({
      choices: [{ message: { role: 'assistant', content: 'It prints a greeting.' }, finish_reason: 'stop' }],
    });
  });

  it('Anthropic Messages: max_tokens, system apart, tool_use in the response, tool_result in a user turn', () => {
    const messages = conversation('toolu_abc123', 'claude-3-5-sonnet-20241022', 30);
    const first = renderWireStep(step(messages, settings('claude-3-5-sonnet-20241022'), 'abc123:step-1'), 'anthropic');
    expect(first.request).toEqual({
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 4096,
      system: SEED_SYSTEM,
      messages: [{ role: 'user', content: SEED_USER_TEXT }],
      tools: [{ name: 'read_file', description: 'Read the contents of a file', input_schema: readFile.inputSchema }],
      tool_choice: { type: 'auto' },
    });
    expect(first.response).toEqual({
      id: 'msg_abc123-1',
      type: 'message',
      role: 'assistant',
      model: 'claude-3-5-sonnet-20241022',
      content: [{ type: 'tool_use', id: 'toolu_abc123', name: 'read_file', input: { path: 'main.py' } }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 150, output_tokens: 30 },
    });
    const second = renderWireStep(step(messages, settings('claude-3-5-sonnet-20241022'), 'abc123:step-2'), 'anthropic');
    expect((second.request.messages as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_abc123', content: mainPy }],
    });
  });

  it('Gemini: contents and parts, function_declarations, AUTO mode, functionCall with STOP', () => {
    const messages = conversation('call_1', 'gemini-2.5-flash', 25);
    const first = renderWireStep(
      step(messages, settings('gemini-2.5-flash', { system: undefined }), 'abc123:step-1'),
      'gemini',
    );
    expect(first.request).toEqual({
      contents: [{ role: 'user', parts: [{ text: SEED_USER_TEXT }] }],
      tools: [
        {
          function_declarations: [
            { name: 'read_file', description: 'Read the contents of a file', parameters: readFile.inputSchema },
          ],
        },
      ],
      tool_config: { function_calling_config: { mode: 'AUTO' } },
    });
    expect(first.response).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'main.py' } } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 150, candidatesTokenCount: 25, totalTokenCount: 175 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'abc123-1',
    });
    const second = renderWireStep(step(messages, settings('gemini-2.5-flash'), 'abc123:step-2'), 'gemini');
    expect(second.request.system_instruction).toEqual({ parts: [{ text: SEED_SYSTEM }] });
    expect((second.request.contents as unknown[]).at(-1)).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'read_file', response: { name: 'read_file', content: mainPy } } }],
    });
  });

  it('OpenAI Responses: instructions, function_call and function_call_output items', () => {
    const messages = conversation('call_abc123', 'gpt-5', 25);
    const second = renderWireStep(
      step(
        messages,
        settings('gpt-5', { toolChoice: { type: 'tool', toolName: 'read_file' }, parallelToolCalls: false }),
        'abc123:step-2',
      ),
      'openai-responses',
    );
    expect(second.request).toEqual({
      model: 'gpt-5',
      instructions: SEED_SYSTEM,
      input: [
        { role: 'user', content: SEED_USER_TEXT },
        { type: 'function_call', call_id: 'call_abc123', name: 'read_file', arguments: '{"path":"main.py"}' },
        { type: 'function_call_output', call_id: 'call_abc123', output: mainPy },
      ],
      tools: [
        {
          type: 'function',
          name: 'read_file',
          description: 'Read the contents of a file',
          parameters: readFile.inputSchema,
        },
      ],
      tool_choice: { type: 'function', name: 'read_file' },
      parallel_tool_calls: false,
    });
    expect(second.response).toEqual({
      id: 'resp_abc123-2',
      object: 'response',
      model: 'gpt-5',
      status: 'completed',
      error: null,
      incomplete_details: null,
      output: [
        {
          type: 'message',
          id: 'msg_abc123-2',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'It prints a greeting.', annotations: [] }],
        },
      ],
      // The request's settings, echoed as the API does.
      instructions: SEED_SYSTEM,
      metadata: {},
      parallel_tool_calls: false,
      temperature: null,
      top_p: null,
      max_output_tokens: null,
      tool_choice: { type: 'function', name: 'read_file' },
      tools: [{ ...(second.request.tools as object[])[0], strict: null }],
      access_programs: null,
    });
  });

  it('parallel calls: one assistant message with two calls, then two results (merged into one turn where the API needs it)', () => {
    const messages: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in New York and London?' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'dynamic-tool',
            toolName: 'get_weather',
            toolCallId: 'call_001',
            state: 'output-available',
            input: { location: 'New York' },
            output: { temp: 20 },
          },
          {
            type: 'dynamic-tool',
            toolName: 'get_weather',
            toolCallId: 'call_002',
            state: 'output-error',
            input: { location: 'London' },
            errorText: 'Error: service down',
          },
          { type: 'step-start' },
          { type: 'text', text: 'New York is 20°.', state: 'done' },
        ],
      },
    ];
    const second = extractWireSteps(messages, DEFAULT_RUN_SETTINGS, [])!.get('a1:step-2')!;
    expect(renderWireStep(second, 'openai-chat').request.messages).toEqual([
      { role: 'user', content: 'Weather in New York and London?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_001', type: 'function', function: { name: 'get_weather', arguments: '{"location":"New York"}' } },
          { id: 'call_002', type: 'function', function: { name: 'get_weather', arguments: '{"location":"London"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_001', content: '{"temp":20}' },
      { role: 'tool', tool_call_id: 'call_002', content: 'Error: service down' },
    ]);
    expect((renderWireStep(second, 'anthropic').request.messages as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'call_001', content: '{"temp":20}' },
        { type: 'tool_result', tool_use_id: 'call_002', content: 'Error: service down', is_error: true },
      ],
    });
    expect((renderWireStep(second, 'gemini').request.contents as { parts: unknown[] }[]).at(-1)!.parts).toHaveLength(2);
  });
});
