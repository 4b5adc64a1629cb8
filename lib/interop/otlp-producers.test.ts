import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isToolUIPart, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { importOtlp } from './import-otlp';

/**
 * The same conversation, traced by each common OpenInference producer from npm
 * (testing/otlp-producers/make-fixtures.mjs: the instrumentations of the official OpenAI SDK's
 * Chat Completions and Responses, of the Anthropic SDK and of LangChain.js, against a loopback
 * fake provider), imports as the same session: the question, a step with its text and two
 * finished calls, the answer, the tool and the system prompt.
 */
const PRODUCERS = [
  { file: 'otlp-openai-chat.json', provider: 'openai', model: 'gpt-4o-mini' },
  { file: 'otlp-openai-responses.json', provider: 'openai', model: 'gpt-4.1-mini' },
  { file: 'otlp-anthropic.json', provider: 'anthropic', model: 'claude-sonnet-4-6' },
  { file: 'otlp-langchain.json', provider: 'openai', model: 'gpt-4o-mini' },
];

const read = (file: string) => readFileSync(join(import.meta.dirname, 'fixtures', file), 'utf8');

/** The conversation as a person reads it; call ids by their place (LangChain writes none). */
function conversation(messages: readonly UIMessage[]) {
  return messages.map((message) => ({
    role: message.role,
    parts: message.parts.flatMap((part): unknown[] => {
      if (part.type === 'text') return [part.text];
      if (!isToolUIPart(part)) return [];
      return [{ state: part.state, input: part.input, output: 'output' in part ? part.output : undefined }];
    }),
  }));
}

const weather = (city: string, temperature_c: number, conditions: string) => ({
  state: 'output-available',
  input: { city },
  output: { city, temperature_c, conditions },
});

describe.each(PRODUCERS)('a trace from $file', ({ file, provider, model }) => {
  it('imports as the conversation it traced: calls finished with their results, the text, the tools', () => {
    const imported = importOtlp(read(file));
    if (!imported.ok) throw new Error(imported.message);
    const { messages, tools, settings } = imported.session;
    expect(conversation(messages)).toEqual([
      { role: 'user', parts: ['What is the weather in Paris and in Oslo?'] },
      {
        role: 'assistant',
        parts: [
          'Let me check both cities.',
          weather('Paris', 18, 'sunny'),
          weather('Oslo', 9, 'rain'),
          'Paris is 18 °C and sunny; Oslo is 9 °C with rain.',
        ],
      },
    ]);
    // Two steps, each with the model and provider that ran it.
    const steps = messages[1].parts.flatMap((part) =>
      part.type === 'data-step' ? [(part as { data: unknown }).data] : [],
    );
    expect(steps).toEqual([
      expect.objectContaining({ provider, model, finishReason: 'tool-calls', inputTokens: 52, outputTokens: 31 }),
      expect.objectContaining({ provider, model, finishReason: 'stop' }),
    ]);
    // The call ids are unique, and the producer's own where it wrote them.
    const ids = messages[1].parts.flatMap((part) => (isToolUIPart(part) ? [part.toolCallId] : []));
    expect(new Set(ids).size).toBe(2);
    if (!file.includes('langchain')) expect(ids).toEqual(['call_weather_1', 'call_weather_2']);
    expect(tools.map((tool) => JSON.parse(tool.source))).toEqual([
      {
        name: 'get_weather',
        description: 'The current weather in a city.',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string', description: 'The city name' } },
          required: ['city'],
          additionalProperties: false,
        },
      },
    ]);
    expect(settings).toMatchObject({
      provider,
      model,
      system: 'You answer weather questions with the get_weather tool.',
    });
  });
});
