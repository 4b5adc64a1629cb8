import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';
import { CAPABILITIES, capabilitiesOf } from '../providers/model-capabilities';
import type { SessionStore } from '../session/session-state';

/**
 * Ollama's own address, so the capability table knows the server as it knows a real one. No
 * socket is bound there (a machine may run Ollama): the provider's requests to it are sent
 * on to a fake server on a free port.
 */
const OLLAMA_URL = 'http://127.0.0.1:11434';
let ollama: FakeProvider;
let other: FakeProvider;
beforeAll(async () => {
  ollama = await startFakeProvider();
  other = await startFakeProvider();
});
const toFakeOllama: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return fetch(url.startsWith(OLLAMA_URL) ? ollama.url + url.slice(OLLAMA_URL.length) : url, init);
};
afterAll(async () => {
  await ollama.close();
  await other.close();
});

const run = (baseURL: string) =>
  runConversation('list the files and show me README.md', {
    configure: (store) =>
      store.getState().updateSettings({
        provider: 'openai-compatible',
        model: 'fake-tools',
        mode: 'native',
        baseURL,
        toolChoice: 'required',
        parallelToolCalls: false,
      }),
    providerFetch: toFakeOllama,
  });

describe('requests shaped by the capability table (seed 002 §4.1)', () => {
  it('Ollama is sent no tool_choice and no parallel_tool_calls; another OpenAI-compatible server is sent both', async () => {
    const { messages } = await run(`${OLLAMA_URL}/v1`);
    expect(messages.at(-1)?.role).toBe('assistant');
    expect(ollama.requests.length).toBeGreaterThan(0);
    for (const request of ollama.requests) {
      expect(request.body).not.toHaveProperty('tool_choice');
      expect(request.body).not.toHaveProperty('parallel_tool_calls');
      expect(request.body).toHaveProperty('tools');
    }
    await run(`${other.url}/v1`);
    expect(other.requests[0].body).toMatchObject({ tool_choice: 'required', parallel_tool_calls: false });
  });

  it('says what each family cannot do, and why', () => {
    const gemini = capabilitiesOf({ provider: 'google', model: 'gemini-2.5-flash' });
    expect(gemini.support.parallelToolCalls).toEqual({ supported: false, reason: expect.stringContaining('Gemini') });
    expect(capabilitiesOf({ provider: 'openai', model: 'gpt-4o' }).support).toEqual(
      Object.fromEntries(CAPABILITIES.map((capability) => [capability, { supported: true }])),
    );
    expect(capabilitiesOf({ provider: 'openai', model: 'o1-mini' }).support.tools.supported).toBe(false);
    expect(
      capabilitiesOf({ provider: 'anthropic', model: 'claude-3-5-haiku-latest' }).support.strictSchemas.supported,
    ).toBe(false);
    expect(
      capabilitiesOf({ provider: 'openai-compatible', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' }).family,
    ).toBe('ollama');
    expect(
      capabilitiesOf({ provider: 'openai-compatible', model: 'x', baseURL: 'http://localhost:8000/v1' }).family,
    ).toBe('openai-compatible');
  });
});

describe('parallel_tool_calls goes only with tools (the OpenAI API refuses it without)', () => {
  const openaiRun = (configure: (store: SessionStore) => void) =>
    runConversation('list the files', {
      configure: (store) => {
        store.getState().updateSettings({
          provider: 'openai',
          openaiApi: 'chat',
          model: 'fake-tools',
          baseURL: `${other.url}/openai/v1`,
          parallelToolCalls: false,
        });
        configure(store);
      },
      env: { OPENAI_API_KEY: 'sk-not-a-real-key-0123456789', OPENAI_BASE_URL: `${other.url}/openai/v1` },
    });

  it('a request with no tools carries no parallel_tool_calls; one with native tools does', async () => {
    const before = other.requests.length;
    await openaiRun((store) => {
      for (const tool of store.getState().tools) store.getState().setToolEnabled(tool.id, false);
    });
    const bare = other.requests.slice(before);
    expect(bare.length).toBeGreaterThan(0);
    for (const request of bare) {
      expect(request.body).not.toHaveProperty('tools');
      expect(request.body).not.toHaveProperty('parallel_tool_calls');
    }
    const withTools = other.requests.length;
    await openaiRun((store) => store.getState().updateSettings({ mode: 'native' }));
    expect(other.requests[withTools].body).toMatchObject({ parallel_tool_calls: false, tools: expect.any(Array) });
  });

  it('structured mode takes the tools into the prompt, and the switch goes with them', async () => {
    const before = other.requests.length;
    await openaiRun((store) => store.getState().updateSettings({ mode: 'structured' }));
    const sent = other.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.body).toHaveProperty('response_format');
      expect(request.body).not.toHaveProperty('parallel_tool_calls');
    }
  });
});
