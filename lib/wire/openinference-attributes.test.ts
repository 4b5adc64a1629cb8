import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { extractWireSteps } from './extract-wire-steps';
import { renderLLMSpanAttributes, renderToolSpanAttributes } from './render-openinference';

describe('OpenInference attributes (seed 001)', () => {
  const getWeather = {
    name: 'get_weather',
    description: 'Get current weather',
    inputSchema: { type: 'object', properties: { location: { type: 'string' } } },
  };
  const messages: UIMessage[] = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: "What's the weather in Boston?" }] },
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'get_weather',
          toolCallId: 'call_123',
          state: 'output-available',
          input: { location: 'Boston, MA' },
          output: { temperature: 65, condition: 'cloudy' },
        },
        { type: 'step-start' },
        { type: 'text', text: 'The current weather in Boston is 65°F and cloudy.', state: 'done' },
      ],
    },
  ];
  const steps = extractWireSteps(messages, { ...DEFAULT_RUN_SETTINGS, model: 'gpt-4o' }, [getWeather]);

  it('the tool-call step: the user message, the tool schema and the call', () => {
    const attributes = renderLLMSpanAttributes(steps.get('a1:step-1')!, 'openai');
    expect(attributes).toMatchObject({
      'openinference.span.kind': 'LLM',
      'llm.model_name': 'gpt-4o',
      'llm.input_messages.0.message.role': 'user',
      'llm.input_messages.0.message.content': "What's the weather in Boston?",
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'call_123',
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'get_weather',
    });
    expect(JSON.parse(String(attributes['llm.tools.0.tool.json_schema']))).toEqual({
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Get current weather',
        parameters: { type: 'object', properties: { location: { type: 'string' } } },
      },
    });
    expect(
      JSON.parse(String(attributes['llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments'])),
    ).toEqual({ location: 'Boston, MA' });
  });

  it('the answer step: the result as a tool message linked by tool_call_id, then the final response', () => {
    const attributes = renderLLMSpanAttributes(steps.get('a1:step-2')!, 'openai');
    expect(attributes['llm.input_messages.2.message.role']).toBe('tool');
    expect(attributes['llm.input_messages.2.message.tool_call_id']).toBe('call_123');
    expect(JSON.parse(String(attributes['llm.input_messages.2.message.content']))).toEqual({
      temperature: 65,
      condition: 'cloudy',
    });
    expect(attributes['llm.output_messages.0.message.content']).toBe(
      'The current weather in Boston is 65°F and cloudy.',
    );
    expect(
      renderToolSpanAttributes(
        { id: 'call_123', name: 'get_weather', input: { location: 'Boston, MA' } },
        '{"temperature":65}',
      ),
    ).toEqual({
      'openinference.span.kind': 'TOOL',
      'tool.name': 'get_weather',
      'tool_call.id': 'call_123',
      'input.value': '{"location":"Boston, MA"}',
      'input.mime_type': 'application/json',
      'output.value': '{"temperature":65}',
      'output.mime_type': 'text/plain',
    });
  });
});
