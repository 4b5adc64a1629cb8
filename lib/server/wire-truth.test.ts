import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { ChatRequest } from '../agent/chat-route';
import type { RunSettings } from '../shapes/run-settings';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { messagesBeforeStep } from '../messages/messages-before-step';
import { extractWireSteps } from '../wire/extract-wire-steps';
import { renderWireStep } from '../wire/render-wire-step';
import type { WireFormat } from '../shapes/wire-capture';
import { renderWithPackage } from './render-with-package';

/**
 * docs/decisions/wire-truth.md: the body the Wire view and Get code show for a step is the body the provider
 * received — checked against what the loopback fake recorded from a real run.
 */
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const CASES: { name: string; format: WireFormat; settings: () => Partial<RunSettings> }[] = [
  {
    name: 'OpenAI Chat',
    format: 'openai-chat',
    settings: () => ({ provider: 'openai', openaiApi: 'chat', baseURL: `${fake.url}/openai/v1` }),
  },
  {
    name: 'OpenAI Responses',
    format: 'openai-responses',
    settings: () => ({ provider: 'openai', baseURL: `${fake.url}/openai/v1` }),
  },
  {
    name: 'Anthropic',
    format: 'anthropic',
    settings: () => ({ provider: 'anthropic', baseURL: `${fake.url}/anthropic/v1` }),
  },
  { name: 'Gemini', format: 'gemini', settings: () => ({ provider: 'google', baseURL: `${fake.url}/google/v1beta` }) },
  // Rendered with the package the run uses, @ai-sdk/openai-compatible (no stream_options), not @ai-sdk/openai.
  {
    name: 'OpenAI-compatible',
    format: 'openai-chat',
    settings: () => ({ provider: 'openai-compatible', baseURL: `${fake.url}/compat/v1` }),
  },
];

describe.each(CASES)('$name ($format): what the playground shows is what was sent', ({ format, settings }) => {
  it.each([true, false])('every step, byte for byte (parallel calls %s)', async (parallel) => {
    const before = fake.requests.length;
    const { store } = await runConversation('list the files and show me README.md', {
      headers: { 'x-provider-key': 'sk-typed-0123456789abcdef' },
      configure: (target) =>
        target.getState().updateSettings({
          mode: 'native',
          model: 'fake-tools',
          system: 'Be brief.',
          temperature: 0.3,
          parallelToolCalls: parallel,
          ...settings(),
        }),
    });
    const sent = fake.requests.slice(before);
    expect(sent.length).toBe(2);
    const { messages, settings: used, tools } = store.getState();
    const specs = checkToolDrafts(tools, createSchemaChecker()).runnable.map((tool) => tool.spec);
    const answer = messages[1];
    // The normalised response carries what the SDKs' response types require (a creation time, item ids).
    const [first] = extractWireSteps(messages, used, specs).values();
    expect(renderWireStep(first, 'openai-chat').response).toMatchObject({
      created: expect.any(Number),
      choices: [{ logprobs: null }],
    });
    expect(renderWireStep(first, 'openai-responses').response).toMatchObject({
      created_at: expect.any(Number),
      error: null,
    });
    expect(renderWireStep(first, 'anthropic').response).toMatchObject({ stop_sequence: null });
    // What the run captured as it sent each step (keys removed) is what the provider received.
    const captures = store.getState().wireCaptures;
    for (const step of [1, 2]) {
      const capture = captures[`${answer.id}:step-${step}`];
      expect(capture?.format).toBe(format);
      expect(capture?.request.body, `captured step ${step}`).toEqual(sent[step - 1].body);
      expect(capture?.request.path).toBe(sent[step - 1].path);
      expect(JSON.stringify(capture)).not.toContain('sk-typed-0123456789abcdef');
      expect(capture?.rawResponse.length).toBeGreaterThan(0);
    }
    for (const step of [1, 2]) {
      const history = messagesBeforeStep(messages, answer.id, step);
      const request = { messages: (history ?? []) as ChatRequest['messages'], tools: specs, settings: used };
      const rendered = await renderWithPackage(request, format);
      expect(rendered.ok && rendered.captured.body, `step ${step}`).toEqual(sent[step - 1].body);
    }
  });
});

describe('what the packages send, shown as is', () => {
  const hi = [{ id: 'u', role: 'user' as const, parts: [{ type: 'text' as const, text: 'hi' }] }];
  it('Gemini gets the JSON Schema as parametersJsonSchema, $defs and type lists intact', async () => {
    const schema = {
      type: 'object',
      $defs: { P: { type: 'string' } },
      properties: { a: { $ref: '#/$defs/P' }, b: { type: ['string', 'null'] } },
    };
    const rendered = await renderWithPackage(
      {
        messages: hi,
        tools: [{ name: 't', description: 'd', inputSchema: schema }],
        settings: { provider: 'google', model: 'gemini-2.5-flash' },
      },
      'gemini',
    );
    expect(rendered.ok && rendered.captured.body).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 't', parametersJsonSchema: schema }] }],
    });
  });

  it('no tool_choice without tools; Anthropic max_tokens as the package sets it for the model', async () => {
    for (const [provider, format] of [
      ['openai', 'openai-chat'],
      ['anthropic', 'anthropic'],
    ] as const) {
      const rendered = await renderWithPackage(
        {
          messages: hi,
          tools: [],
          settings: { provider, model: provider === 'openai' ? 'gpt-4o' : 'claude-sonnet-4-5', openaiApi: 'chat' },
        },
        format,
      );
      expect(rendered.ok && rendered.captured.body).not.toHaveProperty('tool_choice');
      if (provider === 'anthropic')
        expect(rendered.ok && (rendered.captured.body as { max_tokens: number }).max_tokens).not.toBe(4096);
    }
  });
});
