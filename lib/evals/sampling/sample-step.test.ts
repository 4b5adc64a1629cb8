import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouteFetch, runConversation } from '../../../testing/run-conversation';
import { type FakeProvider, startFakeProvider } from '../../../testing/fake-provider/start-fake-provider';
import { rebuildStepRequest } from '../../agent/step-request';
import type { SessionStore } from '../../session/session-state';
import { checkToolDrafts } from '../../tools/check-tool-drafts';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { requestToolSpecs } from '../../tools/request-tool-specs';
import { choiceBars } from './step-distribution';
import { type SampleDeps, sampleStep } from './sample-step';
import { sampleSessionStep } from './sample-session-step';
import type { ChatRequest } from '../../agent/chat-route';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const checker = createSchemaChecker();
const deps = (fetch = createRouteFetch()): SampleDeps => ({ fetch, headers: {}, checker });

/** The first model step of the conversation, and its request made again from the store as it is now. */
function firstStep(store: SessionStore) {
  const { messages, tools, settings, sentValues } = store.getState();
  const assistant = messages.find((message) => message.role === 'assistant') as UIMessage;
  const stepId = `${assistant.id}:step-1`;
  const runnable = checkToolDrafts(tools, checker).runnable;
  return {
    stepId,
    rebuilt: rebuildStepRequest({ messages, stepId, tools: requestToolSpecs(runnable), settings, sentValues }),
  };
}

const choicesOf = (samples: { calls: { toolName: string; input: unknown }[]; text: string; error?: string }[]) =>
  samples.map((sample) =>
    sample.error ? 'error' : JSON.stringify(sample.calls.map((call) => [call.toolName, call.input])),
  );

describe('Sample this step', () => {
  it('sends the recorded request of a step again, byte for byte, as many times as asked (a loopback provider)', async () => {
    const { store } = await runConversation('list the files', {
      configure: (session) =>
        session.getState().updateSettings({
          provider: 'openai-compatible',
          model: 'fake-tools',
          baseURL: `${fake.url}/compat/v1`,
          mode: 'native',
        }),
    });
    const { stepId, rebuilt } = firstStep(store);
    expect(rebuilt.ok && rebuilt.exact).toBe(true);
    if (!rebuilt.ok) return;
    // The step's own request: the first the provider received in this run, and what the Wire view shows as sent.
    const own = fake.requests.find((request) => request.path === '/compat/v1/chat/completions');
    const shown = store.getState().wireCaptures[stepId];
    expect(JSON.stringify(shown.request.body)).toBe(own?.raw);
    const before = fake.requests.length;
    const { samples, stopped } = await sampleStep({ request: rebuilt.request, count: 6, concurrency: 3, deps: deps() });
    expect(stopped).toBe(false);
    expect(samples.map((sample) => sample.n)).toEqual([1, 2, 3, 4, 5, 6]);
    const received = fake.requests.slice(before);
    expect(received).toHaveLength(6);
    for (const request of received) expect(request.raw).toBe(own?.raw);
    expect(samples.every((sample) => sample.calls[0]?.toolName === 'list_files' && !sample.calls[0].problem)).toBe(
      true,
    );
  });

  it('draws a spread from the simulated model above temperature 0, the same again for the same seed', async () => {
    const { store } = await runConversation('show me README.md and list the files', {
      configure: (session) => session.getState().updateSettings({ temperature: 1, seed: 7 }),
    });
    const { rebuilt } = firstStep(store);
    if (!rebuilt.ok) throw new Error(rebuilt.message);
    const run = () => sampleStep({ request: rebuilt.request, count: 30, seed: 7, concurrency: 4, deps: deps() });
    const first = await run();
    const again = await run();
    expect(choicesOf(again.samples)).toEqual(choicesOf(first.samples));
    expect(new Set(choicesOf(first.samples)).size).toBeGreaterThan(3);
    const bars = choiceBars(first.samples);
    expect(bars.map((each) => each.key)).toContain('read_file');
    for (const each of bars) {
      expect(each.n).toBe(30);
      expect(each.interval[0]).toBeLessThanOrEqual(each.count / 30);
      expect(each.interval[1]).toBeGreaterThanOrEqual(each.count / 30);
    }
    // Another seed, another spread.
    const other = await sampleStep({ request: rebuilt.request, count: 30, seed: 8, concurrency: 4, deps: deps() });
    expect(choicesOf(other.samples)).not.toEqual(choicesOf(first.samples));
  });

  it('counts a text-mode reply with no JSON decision as an answer in text, not as invalid arguments', async () => {
    const request: ChatRequest = {
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'list the files' }] }],
      tools: [{ name: 'list_files', description: 'List files.', inputSchema: { type: 'object', properties: {} } }],
      settings: {
        provider: 'openai-compatible',
        model: 'fake-prose',
        baseURL: `${fake.url}/compat/v1`,
        mode: 'validated',
      },
    } as never;
    const { samples } = await sampleStep({ request, count: 3, concurrency: 3, deps: deps() });
    expect(choiceBars(samples).map((bar) => [bar.key, bar.count])).toEqual([['(text)', 3]]);
  });

  it('says which change keeps a step from being sent again, and rebuilds nothing', async () => {
    const { store } = await runConversation('list the files');
    expect(firstStep(store).rebuilt.ok).toBe(true);
    const state = store.getState();
    state.updateSettings({ temperature: 0.5 });
    let rebuilt = firstStep(store).rebuilt;
    expect(rebuilt.ok ? 'sent' : rebuilt.message).toMatch(/since it was sent, the temperature changed/);
    // Without the values the session keeps (a session from before them), which setting is not known.
    const { messages, tools, settings } = store.getState();
    const unknown = rebuildStepRequest({
      messages,
      stepId: firstStep(store).stepId,
      tools: requestToolSpecs(checkToolDrafts(tools, checker).runnable),
      settings,
    });
    expect(unknown.ok ? [] : unknown.differences).toEqual(['the run settings changed']);
    state.updateSettings({ temperature: undefined });
    const readFile = state.tools.find((tool) => tool.source.includes('"read_file"'));
    if (!readFile) throw new Error('no read_file tool');
    state.deleteTool(readFile.id);
    rebuilt = firstStep(store).rebuilt;
    expect(rebuilt.ok ? [] : rebuilt.differences).toEqual([
      'the tool `read_file` is no longer offered (removed or turned off)',
    ]);
    state.undoDeleteTool();
    const list = store.getState().tools.find((tool) => tool.source.includes('"list_files"'));
    if (!list) throw new Error('no list_files tool');
    state.updateToolSource(list.id, list.source.replace('"description": "', '"description": "Now: '));
    rebuilt = firstStep(store).rebuilt;
    expect(rebuilt.ok ? [] : rebuilt.differences).toEqual(['the tool `list_files` was changed']);
  });

  it('sends nothing more when the route refuses the first (no key): says why and keeps no set of samples', async () => {
    const settings = {
      provider: 'openai' as const,
      openaiApi: 'chat' as const,
      model: 'fake-tools',
      baseURL: `${fake.url}/openai/v1`,
      mode: 'native' as const,
    };
    const { store } = await runConversation('list the files', {
      env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123', OPENAI_BASE_URL: `${fake.url}/openai/v1` },
      configure: (session) => session.getState().updateSettings(settings),
    });
    const { stepId } = firstStep(store);
    const before = fake.requests.length;
    const result = await sampleSessionStep({
      store,
      stepId,
      count: 5,
      runnable: checkToolDrafts(store.getState().tools, checker).runnable,
      deps: { fetch: createRouteFetch({ OPENAI_BASE_URL: `${fake.url}/openai/v1` }), checker, headersFor: () => ({}) },
    });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^No API key for OpenAI/) });
    expect(fake.requests.length).toBe(before);
    expect(store.getState().stepSamples).toEqual({});
    // A key typed for another address: refused on the page, before anything is sent.
    const elsewhere = await sampleSessionStep({
      store,
      stepId,
      count: 5,
      runnable: checkToolDrafts(store.getState().tools, checker).runnable,
      deps: {
        fetch: createRouteFetch({}),
        checker,
        headersFor: () => {
          throw new Error('The key was typed for another address.');
        },
      },
    });
    expect(elsewhere).toEqual({ ok: false, message: 'The key was typed for another address.' });
    expect(fake.requests.length).toBe(before);
  });

  it('counts a provider error as an outcome, and stops when asked', async () => {
    const request: ChatRequest = {
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'list the files' }] }],
      tools: [],
      settings: { provider: 'openai-compatible', model: 'fake-401', baseURL: `${fake.url}/compat/v1` },
    };
    const { samples } = await sampleStep({ request, count: 2, concurrency: 2, deps: deps() });
    expect(samples.map((sample) => sample.error)).toEqual([
      expect.stringMatching(/401|fake failure/),
      expect.stringMatching(/401|fake failure/),
    ]);
    expect(choiceBars(samples).map((each) => [each.label, each.count])).toEqual([['provider error', 2]]);

    const stop = new AbortController();
    const stopped = await sampleStep({
      request: { ...request, settings: { provider: 'simulated', model: 'simulated' } },
      count: 40,
      concurrency: 1,
      deps: deps(),
      signal: stop.signal,
      onSample: (_sample, done) => {
        if (done === 2) stop.abort();
      },
    });
    expect(stopped.stopped).toBe(true);
    expect(stopped.samples).toHaveLength(2);
  });
});
