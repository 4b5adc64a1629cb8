import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';
import { isToolUIPart } from '../shapes/tool-parts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

/** Auto mode on an OpenAI-compatible server (docs/decisions/auto-mode-on-compatible-servers.md). */
const run = (model: string) =>
  runConversation('list the files', {
    configure: (store) =>
      store.getState().updateSettings({
        provider: 'openai-compatible',
        model,
        mode: 'auto',
        baseURL: `${fake.url}/openai/v1`,
      }),
  });

describe('Auto on an OpenAI-compatible server', () => {
  it('sends native tools first: a model of unknown name that serves them calls them natively', async () => {
    const before = fake.requests.length;
    const { messages, store } = await run('fake-tools');
    expect(store.getState().chatError).toBeUndefined();
    expect((fake.requests[before].body as { tools?: unknown[] }).tools?.length).toBeGreaterThan(0);
    expect(messages.flatMap((message) => message.parts).some(isToolUIPart)).toBe(true);
  });

  it('a server that refuses tools gets the same step in validated JSON, with one sentence saying why', async () => {
    const before = fake.requests.length;
    const { messages, store } = await run('fake-no-tools');
    expect(store.getState().chatError).toBeUndefined();
    const sent = fake.requests.slice(before).map((request) => request.body as { tools?: unknown[] });
    // Native (refused), then validated without tools; then the next step once more each way.
    expect(sent[0].tools?.length).toBeGreaterThan(0);
    expect(sent[1].tools).toBeUndefined();
    const parts = messages.flatMap((message) => message.parts);
    const notice = parts.find((part) => part.type === 'data-retry') as { data: { reason: string; fallback?: boolean } };
    expect(notice.data.fallback).toBe(true);
    expect(notice.data.reason).toMatch(
      /^The server refused native tool calling \(.*does not support tools.*\): this step uses validated JSON/,
    );
    // The run went on: list_files was called from the JSON decision and the model answered.
    expect(parts.some((part) => isToolUIPart(part) && part.state === 'output-available')).toBe(true);
    expect(
      messages.at(-1)?.parts.some((part) => part.type === 'text' && part.text.includes('The workspace holds')),
    ).toBe(true);
  });

  it('a refusal that is not about tools (a missing model) is not retried in another mode', async () => {
    const { store } = await run('fake-404');
    expect(store.getState().chatError).toBeDefined();
  });
});
