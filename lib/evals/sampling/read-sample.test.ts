import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../agent/chat-route';
import { SESSION_LIMITS } from '../../shapes/session-limits';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { drawSettings, readSample } from './sample-step';

/*
 * How one answer of the model becomes a sample (`readSample`), and which seed sample n draws from
 * (`drawSettings`) — exactly, on answers made by hand: each way a call can be wrong, the text, the tokens.
 */
const checker = createSchemaChecker();
const request = {
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    { name: 'files.read', description: 'Read', inputSchema: { type: 'object', properties: {} } },
  ],
} as unknown as ChatRequest;
const call = (toolName: string, input: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'dynamic-tool',
  toolName,
  toolCallId: `call-${toolName}`,
  input,
  state: 'input-available',
  ...extra,
});
const answer = (...parts: unknown[]): UIMessage => ({ id: 'a', role: 'assistant', parts: parts as UIMessage['parts'] });

describe('an answer read as a sample', () => {
  it('keeps each call, and says what is wrong with one the step would have refused', () => {
    const sample = readSample(
      answer(
        { type: 'step-start' },
        call('get_weather', { city: 'Paris' }),
        call('files_read', {}),
        call('get_weather', { town: 'Rome' }),
        call('send_email', { to: 'x' }),
        call('get_weather', { city: 'Oslo' }, { state: 'output-error', errorText: 'Invalid JSON in the arguments' }),
        call('decision_extraction', {}),
      ),
      request,
      checker,
    );
    expect(sample.calls).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris' } },
      // A name the provider was sent in its safe spelling is the tool's own.
      { toolName: 'files.read', input: {} },
      { toolName: 'get_weather', input: { town: 'Rome' }, problem: expect.stringMatching(/city/) },
      { toolName: 'send_email', input: { to: 'x' }, problem: '`send_email` is not one of the tools offered' },
      { toolName: 'get_weather', input: { city: 'Oslo' }, problem: 'Invalid JSON in the arguments' },
    ]);
  });

  it('keeps its text (all text parts, trimmed) and the tokens its step reported', () => {
    const sample = readSample(
      answer(
        { type: 'text', text: '  It is ' },
        { type: 'reasoning', text: 'hidden' },
        { type: 'text', text: 'sunny. ' },
        { type: 'data-step', data: { inputTokens: 120, outputTokens: 7 } },
      ),
      request,
      checker,
    );
    expect(sample).toEqual({ calls: [], text: 'It is sunny.', inputTokens: 120, outputTokens: 7 });
  });

  it('is empty for no answer, with no tokens', () => {
    expect(readSample(undefined, request, checker)).toEqual({ calls: [], text: '' });
  });
});

describe('the seed sample n draws from', () => {
  it('is seed + n for the models that take a seed, wrapping at the largest seed; a hosted model is sent its settings', () => {
    expect(drawSettings({ provider: 'simulated', seed: 7 }, 3)).toEqual({ provider: 'simulated', seed: 10 });
    expect(drawSettings({ provider: 'browser' }, 2)).toEqual({ provider: 'browser', seed: 2 });
    expect(drawSettings({ provider: 'simulated', seed: SESSION_LIMITS.seedMax }, 1).seed).toBe(0);
    expect(drawSettings({ provider: 'simulated', seed: 7 }, 1, 100).seed).toBe(101);
    const hosted = { provider: 'openai', seed: 7 };
    expect(drawSettings(hosted, 3)).toBe(hosted);
  });
});
