import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationOptions, runConversation } from '../../testing/run-conversation';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { RunSettings } from '../shapes/run-settings';
import { handleChatRequest } from './handle-chat-request';
import { errorMessageOf } from '../shapes/tool-error';
import { describeRunEnd } from '../agent/run-progress';
import { formatArgValidationErrors } from '../providers/modes/tool-decision';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const SERVER_KEY = 'sk-server-secret-0123456789abcdef';
/** Server keys, and the operator's base URLs that make the loopback fake their providers' home. */
const env = () => ({
  OPENAI_API_KEY: SERVER_KEY,
  ANTHROPIC_API_KEY: SERVER_KEY,
  GOOGLE_GENERATIVE_AI_API_KEY: SERVER_KEY,
  OPENAI_BASE_URL: `${fake.url}/openai/v1`,
  ANTHROPIC_BASE_URL: `${fake.url}/anthropic/v1`,
  GOOGLE_GENERATIVE_AI_BASE_URL: `${fake.url}/google/v1beta`,
});

type Case = { name: string; settings: (model: string) => Partial<RunSettings>; path: string };
const CASES: Case[] = [
  {
    name: 'OpenAI Responses',
    settings: (model) => ({ provider: 'openai', model, baseURL: `${fake.url}/openai/v1` }),
    path: '/openai/v1/responses',
  },
  {
    name: 'OpenAI Chat Completions',
    settings: (model) => ({ provider: 'openai', openaiApi: 'chat', model, baseURL: `${fake.url}/openai/v1` }),
    path: '/openai/v1/chat/completions',
  },
  {
    name: 'Anthropic',
    settings: (model) => ({ provider: 'anthropic', model, baseURL: `${fake.url}/anthropic/v1` }),
    path: '/anthropic/v1/messages',
  },
  {
    name: 'Gemini',
    settings: (model) => ({ provider: 'google', model, baseURL: `${fake.url}/google/v1beta` }),
    path: '/google/v1beta/models/fake-tools:streamGenerateContent?alt=sse',
  },
  {
    name: 'OpenAI-compatible',
    settings: (model) => ({ provider: 'openai-compatible', model, baseURL: `${fake.url}/compat/v1` }),
    path: '/compat/v1/chat/completions',
  },
];

/** Native tool calling unless a test asks for a text mode (fake model ids match no AUTO pattern). */
const run = (
  providerCase: Case,
  model: string,
  extra: Partial<RunSettings> = {},
  headers?: Record<string, string>,
  timeouts?: ConversationOptions['timeouts'],
) =>
  runConversation('list the files and show me README.md', {
    env: env(),
    headers,
    timeouts,
    configure: (store) =>
      store.getState().updateSettings({ mode: 'native', ...providerCase.settings(model), ...extra }),
  });

const calls = (message: UIMessage | undefined) => (message?.parts ?? []).filter(isToolUIPart);
const lastText = (message: UIMessage | undefined) => message?.parts.filter((part) => part.type === 'text').at(-1);

describe.each(CASES)('$name on the wire', (providerCase) => {
  it('streams parallel tool calls that run in the sandbox, then answers from the results', async () => {
    const before = fake.requests.length;
    const { chat, messages } = await run(providerCase, 'fake-tools');
    expect(chat.status).toBe('ready');
    expect(calls(messages[1]).map((part) => [getToolName(part), part.input, part.state])).toEqual([
      ['list_files', {}, 'output-available'],
      ['read_file', { path: 'README.md' }, 'output-available'],
    ]);
    const answer = lastText(messages[1]);
    expect(answer?.type === 'text' && answer.text).toMatch(/^Done\. I got 2 results: .*README\.md.*# Greeter/);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0].path).toBe(providerCase.path);
    expect(JSON.stringify(sent[0].body)).toContain('read_file');
  });

  it('says the key was rejected, without repeating the key', async () => {
    const { chat, store } = await run(providerCase, 'fake-401');
    expect(chat.status).toBe('error');
    const error = store.getState().chatError ?? '';
    expect(error).toMatch(/rejected the API key \(HTTP 401\)\. Check the key and send again\./);
    expect(error).not.toContain(SERVER_KEY);
  });

  it('says the model is unknown on 404', async () => {
    const { store } = await run(providerCase, 'fake-404');
    expect(store.getState().chatError).toMatch(/does not know this model or endpoint \(HTTP 404\)/);
  });

  it('retries a 429 with backoff, shows the retry, and then succeeds', async () => {
    const { chat, messages } = await run(providerCase, 'fake-flaky-429');
    expect(chat.status).toBe('ready');
    const retries = messages[1].parts.filter((part) => part.type === 'data-retry');
    expect(retries.map((part) => part.type === 'data-retry' && part.data)).toEqual([
      { attempt: 1, maxRetries: 3, delayMs: 1, reason: 'HTTP 429' },
    ]);
    expect(calls(messages[1])).toHaveLength(2);
  });

  it('keeps what arrived when the stream is cut half-way, and says so', async () => {
    const { chat, store, messages } = await run(providerCase, 'fake-cut');
    expect(chat.status).toBe('error');
    expect(store.getState().chatError).toMatch(
      /^(OpenAI|Anthropic|Google Gemini|OpenAI-compatible)'s answer broke off before it was complete \(the connection ended mid-stream\); what arrived is kept\. Send again to retry\.$/,
    );
    const partial = lastText(messages.at(-1));
    expect(partial?.type === 'text' && partial.text.length).toBeGreaterThan(0);
  });
});

describe('models that misbehave', () => {
  it('gives up on a provider that sends nothing, and says so', async () => {
    // Short timeouts: this test is about them.
    const { chat, store } = await run(CASES[1], 'fake-silent', {}, undefined, {
      firstChunkMs: 300,
      chunkMs: 300,
      stepMs: 1000,
    });
    expect(chat.status).toBe('error');
    expect(store.getState().chatError).toMatch(/^No complete answer from OpenAI in time/);
  });

  it('says when the model ignores Tool choice "required"', async () => {
    const { chat, store } = await run(CASES[1], 'fake-text', { toolChoice: 'required' });
    expect(chat.status).toBe('error');
    expect(store.getState().chatError).toBe(
      'The model ignored Tool choice "required" and answered without calling a tool. Try another model, or set Tool choice to auto.',
    );
  });
});

describe('provider settings on the wire', () => {
  it('sends parallel tool calls off as each provider names it', async () => {
    for (const [providerCase, check] of [
      [CASES[1], (body: Record<string, unknown>) => expect(body.parallel_tool_calls).toBe(false)],
      [
        CASES[2],
        (body: Record<string, unknown>) =>
          expect((body.tool_choice as { disable_parallel_tool_use?: boolean }).disable_parallel_tool_use).toBe(true),
      ],
    ] as const) {
      const before = fake.requests.length;
      const { messages } = await run(providerCase, 'fake-tools', { parallelToolCalls: false });
      check(fake.requests[before].body);
      expect(calls(messages[1]).map((part) => getToolName(part))).toEqual(['list_files']);
    }
  });

  it('sends a typed key to the provider in its auth header and never in the body', async () => {
    const typed = 'sk-typed-key-abcdefghijklmnop';
    const before = fake.requests.length;
    await run(CASES[2], 'fake-text', {}, { 'x-provider-key': typed });
    expect(fake.requests[before].headers['x-api-key']).toBe(typed);
    expect(JSON.stringify(fake.requests[before].body)).not.toContain(typed);
  });

  it('refuses a missing key and a non-loopback base URL before calling anyone', async () => {
    const post = (settings: Partial<RunSettings>, requestEnv: Record<string, string> = {}) =>
      handleChatRequest(
        new Request('http://local/api/chat', {
          method: 'POST',
          body: JSON.stringify({
            messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
            tools: [],
            settings: { model: 'm', ...settings },
          }),
        }),
        { simulatedChunkDelayMs: 0, env: requestEnv },
      );
    const before = fake.requests.length;
    const missing = await post({ provider: 'anthropic', baseURL: `${fake.url}/anthropic/v1` });
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toEqual({
      code: 'missing_key',
      message:
        'No API key for Anthropic: set ANTHROPIC_API_KEY in .env.local on the server, or type a key in the run settings.',
    });
    const remote = await post({ provider: 'openai-compatible', baseURL: 'http://10.1.2.3:8000/v1' });
    expect(remote.status).toBe(400);
    expect((await remote.json()).error.message).toMatch(
      /only calls custom base URLs on this machine .* PLAYGROUND_ALLOWED_HOSTS/,
    );
    const allowed = await post(
      { provider: 'openai-compatible', baseURL: 'http://models.internal:8000/v1' },
      { PLAYGROUND_ALLOWED_HOSTS: 'models.internal' },
    );
    expect(allowed.status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });
});

describe('tool-calling modes without the provider tool API', () => {
  const lastTextOf = (messages: UIMessage[]) => lastText(messages[1]);

  it.each(['validated', 'structured', 'parsed'] as const)(
    '%s: the JSON decision becomes the same tool-call parts, then the answer',
    async (mode) => {
      // Validated arguments come back normalised (seed 004): the schema's defaults filled in.
      const input = mode === 'parsed' ? {} : { path: '.', recursive: false, include_hidden: false, max_depth: 10 };
      for (const providerCase of [CASES[1], CASES[2]]) {
        const before = fake.requests.length;
        const { chat, messages } = await run(providerCase, 'fake-json', { mode });
        expect(chat.status).toBe('ready');
        expect(calls(messages[1]).map((part) => [getToolName(part), part.input, part.state, part.toolCallId])).toEqual([
          ['list_files', input, 'output-available', `call_${mode}_1`],
        ]);
        const answer = lastTextOf(messages);
        expect(answer?.type === 'text' && answer.text).toBe('The workspace holds: README.md');
        const first = fake.requests[before].body;
        // None of our tools goes out natively (Anthropic implements a JSON response format with one tool of its own, "json").
        const sentTools = ((first.tools ?? []) as { name?: string; function?: { name?: string } }[]).map(
          (tool) => tool.name ?? tool.function?.name,
        );
        expect(sentTools.filter((name) => name !== 'json')).toEqual([]);
        expect(JSON.stringify(first)).toContain('You can use these tools');
        const second = JSON.stringify(fake.requests[before + 1].body);
        expect(second).toContain('Observation (list_files): README.md');
        if (mode === 'structured') expect(JSON.stringify(first)).toContain('"decision":{"anyOf":[');
      }
    },
  );

  it('react: a reply without JSON is sent back with the reason, and the retry is kept as a note', async () => {
    const before = fake.requests.length;
    const { chat, messages } = await run(CASES[1], 'fake-json-bad', { mode: 'validated' });
    expect(chat.status).toBe('ready');
    expect(fake.requests[before + 1].body.messages).toContainEqual(
      expect.objectContaining({
        role: 'user',
        content:
          'Your reply could not be used: The reply contains no JSON object. Reply again with only the JSON object.',
      }),
    );
    const notes = messages[1].parts
      .filter((part) => part.type === 'reasoning')
      .map((part) => part.type === 'reasoning' && part.text);
    expect(notes).toContain('Reply 1 could not be used (The reply contains no JSON object.); asked again.');
    expect(calls(messages[1]).map((part) => getToolName(part))).toEqual(['list_files']);
  });

  it.each([
    ['fake-prose', 'decision_extraction', 'DecisionExtractionFailed', 'The reply contains no JSON object.'],
    ['fake-json-unknown', 'decision_validation', 'ValidationFailed', 'There is no tool "delete_everything".'],
  ] as const)(
    'react: %s still fails after the retries — a failure step (%s), the %s event, and the run stops',
    async (model, pseudoTool, event, reason) => {
      const before = fake.requests.length;
      const { chat, messages, store } = await run(CASES[1], model, { mode: 'validated' });
      expect(chat.status).toBe('ready');
      // The first request and two retries; nothing is sent after the failure.
      expect(fake.requests.length - before).toBe(3);
      const [failure] = calls(messages[1]);
      expect(getToolName(failure)).toBe(pseudoTool);
      expect(failure.state).toBe('output-error');
      expect(failure.state === 'output-error' && errorMessageOf(failure.errorText)).toContain(
        `The model's reply could not be used as a decision after 2 retries: ${reason}`,
      );
      expect(store.getState().events.map((each) => each.kind)).toContain(event);
      expect(describeRunEnd(messages, { maxSteps: 5 })).toMatch(/^Failed: the model's reply could not be used/);
    },
  );

  it('validated: a scratchpad-only reply is thinking, and the loop goes on to the call and the answer', async () => {
    const { messages } = await run(CASES[1], 'fake-json-thinks', { mode: 'validated' });
    const parts = messages[1].parts;
    expect(calls(messages[1]).map((part) => getToolName(part))).toEqual(['list_files']);
    expect(
      parts.some(
        (part) => part.type === 'reasoning' && part.text.includes('Thought: I should look at the files first.'),
      ),
    ).toBe(true);
    expect(lastText(messages[1])).toMatchObject({ text: 'The workspace holds: README.md' });
  });

  it('validated arguments: each problem in the seed 004 form', () => {
    expect(
      formatArgValidationErrors([
        { path: 'query', pointer: '/query', message: 'is required but missing' },
        { path: 'limit', pointer: '/limit', message: 'must be an integer' },
      ]),
    ).toBe('ArgValidationError: query\n  Field required\nArgValidationError: limit\n  Input should be a valid integer');
  });

  it('parsed: a reply without JSON is taken as the answer, unvalidated', async () => {
    const { messages } = await run(CASES[1], 'fake-json-bad', { mode: 'parsed' });
    expect(calls(messages[1])).toEqual([]);
    const answer = lastTextOf(messages);
    expect(answer?.type === 'text' && answer.text).toBe('I think I should list the files first.');
  });
});
