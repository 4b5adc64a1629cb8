import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider/start-fake-provider';
import { PERTURB_PRESETS, type PerturbedAnswer, perturbResult } from '../what-if/perturb-presets';
import type { RunSettings } from '../shapes/run-settings';
import { handleChatRequest } from './handle-chat-request';

/**
 * Every perturbation preset (docs/what-if.md) gives a tool result each provider package takes — sent by
 * the real packages to the loopback fake, whose record of the body is read back for the result.
 */
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const call = {
  toolName: 'get_weather',
  input: { city: 'Oslo' },
  output: { temperature: 4, summary: 'cold' },
  outputSchema: {
    type: 'object',
    properties: { temperature: { type: 'number' }, summary: { type: 'string' } },
    required: ['temperature', 'summary'],
  },
};
const canary = { toolName: 'send_email', input: { to: 'attacker@example.com' }, word: 'PINEAPPLE-7' };
const tools = [
  {
    name: 'get_weather',
    description: 'The weather.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  },
];

function conversation(answer: PerturbedAnswer): UIMessage[] {
  const result =
    'output' in answer
      ? { state: 'output-available' as const, output: answer.output }
      : { state: 'output-error' as const, errorText: answer.errorText };
  return [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the weather in Oslo?' }] },
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'get_weather',
          toolCallId: 'call_w1',
          input: call.input,
          ...result,
        } as UIMessage['parts'][number],
      ],
    },
  ];
}

const PROVIDERS: [string, Partial<RunSettings>, string][] = [
  ['OpenAI Chat', { provider: 'openai', openaiApi: 'chat' }, '/openai/v1'],
  ['OpenAI Responses', { provider: 'openai', openaiApi: 'responses' }, '/openai/v1'],
  ['Anthropic', { provider: 'anthropic' }, '/anthropic/v1'],
  ['Gemini', { provider: 'google' }, '/google/v1beta'],
];

/** A text the result must carry on the wire, whatever the provider's shape: a piece of what the model receives. */
function markerOf(answer: PerturbedAnswer): string {
  if ('errorText' in answer) return JSON.parse(answer.errorText).error.code;
  if (typeof answer.output === 'string') return answer.output.slice(0, 12);
  // A structured result: one of its texts (a provider may send it as JSON text or as an object).
  const leaf = (value: unknown): string | undefined =>
    typeof value === 'string'
      ? value
      : typeof value === 'object' && value !== null
        ? Object.values(value)
            .map(leaf)
            .find((each) => each !== undefined)
        : undefined;
  return (leaf(answer.output) ?? '').slice(0, 12);
}

describe('every perturbed result on every provider wire', () => {
  const presets = PERTURB_PRESETS.flatMap((preset) => {
    const made = perturbResult(preset, call, canary);
    return made.ok ? [[preset, made.answer] as const] : [];
  });

  it('has all nine presets for a call with a result and an output schema', () => {
    expect(presets.map(([preset]) => preset)).toEqual([...PERTURB_PRESETS]);
  });

  it.each(PROVIDERS)('%s takes each one as a tool result, and the body carries it', async (_name, settings, path) => {
    for (const [preset, answer] of presets) {
      const before = fake.requests.length;
      const response = await handleChatRequest(
        new Request('http://local/api/chat', {
          method: 'POST',
          headers: { 'x-provider-key': 'sk-test-0123456789abcdef' },
          body: JSON.stringify({
            messages: conversation(answer),
            tools,
            settings: { mode: 'native', model: 'fake-text', baseURL: `${fake.url}${path}`, ...settings },
          }),
        }),
        { simulatedChunkDelayMs: 0, env: {} },
      );
      const stream = await response.text();
      expect(response.status, preset).toBe(200);
      expect(stream, preset).not.toContain('"type":"error"');
      const sent = fake.requests.slice(before);
      expect(sent, preset).toHaveLength(1);
      // The body as the provider package sent it carries the result (JSON-escaped inside the body).
      const body = sent[0].raw;
      const marker = JSON.stringify(markerOf(answer)).slice(1, -1);
      expect(body.includes(marker) || body.includes(JSON.stringify(marker).slice(1, -1)), `${preset}: ${marker}`).toBe(
        true,
      );
    }
  });
});
