import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { HistoryReport } from '../messages/plan-history';
import type { HistorySettings, RunSettings } from '../shapes/run-settings';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { handleChatRequest } from './handle-chat-request';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const readFile = CORE_TOOL_DEFINITIONS.find((tool) => tool.name === 'read_file')!;
const tools = [{ name: readFile.name, description: readFile.description, inputSchema: readFile.parameters }];

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const step = (id: string, path: string, result: string) => [
  { type: 'step-start' as const },
  {
    type: 'dynamic-tool' as const,
    toolName: 'read_file',
    toolCallId: id,
    state: 'output-available' as const,
    input: { path },
    output: result,
  },
];
const conversation: UIMessage[] = [
  user('u1', 'OLDEST-QUESTION read alpha'),
  { id: 'a1', role: 'assistant', parts: [...step('call_alpha', 'alpha.txt', `ALPHA ${'a'.repeat(3_000)}`)] },
  user('u2', 'now read beta'),
  {
    id: 'a2',
    role: 'assistant',
    parts: [
      ...step('call_beta', 'beta.txt', `BETA ${'b'.repeat(3_000)}`),
      ...step('call_gamma', 'gamma.txt', 'GAMMA short'),
    ],
  },
];

/** Posts the conversation to the real route and reads the stream's `data-history` report. */
async function send(settings: Partial<RunSettings>, history: HistorySettings) {
  const body = {
    messages: conversation,
    tools,
    settings: { mode: 'native', ...settings, history },
  };
  const response = await handleChatRequest(
    new Request('http://local/api/chat', { method: 'POST', body: JSON.stringify(body) }),
    {
      simulatedChunkDelayMs: 0,
      env: { ANTHROPIC_API_KEY: 'sk-test-key-0123456789', ANTHROPIC_BASE_URL: `${fake.url}/anthropic/v1` },
    },
  );
  const events = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; data?: unknown; delta?: string });
  const report = events.find((event) => event.type === 'data-history')?.data as HistoryReport | undefined;
  const text = events.map((event) => (event.type === 'text-delta' ? event.delta : '')).join('');
  return { report, text };
}

describe('history policy on the wire (seed 002 §5.2)', () => {
  it('Anthropic receives the conversation without the left-out units, calls still paired with their results', async () => {
    const before = fake.requests.length;
    const { report } = await send(
      { provider: 'anthropic', model: 'fake-text', baseURL: `${fake.url}/anthropic/v1` },
      { strategy: 'drop-oldest', maxTokens: 500 },
    );
    const sent = JSON.stringify(fake.requests[before].body);
    expect(report?.omitted).toEqual(['u1', 'a1:step-1', 'a2:step-1']);
    expect(report?.sentTokens).toBeLessThan(report!.estimatedTokens);
    expect(sent).not.toContain('OLDEST-QUESTION');
    expect(sent).not.toContain('ALPHA');
    expect(sent).not.toContain('call_beta');
    expect(sent).toContain('GAMMA short');
    const messages = fake.requests[before].body.messages as { role: string; content: { type: string }[] }[];
    // The note comes first as a user turn (Anthropic refuses a conversation that opens with the assistant).
    expect(messages[0].role).toBe('user');
    expect(JSON.stringify(messages[0])).toContain(
      'left out to fit the history limit: 1 user message and 2 model steps',
    );
    const kinds = messages.flatMap((message) => message.content.map((part) => part.type));
    expect(kinds.filter((kind) => kind === 'tool_use').length).toBe(
      kinds.filter((kind) => kind === 'tool_result').length,
    );
  });

  it('summarize asks the simulated model for a summary offline and sends it in place of what it left out', async () => {
    const { report } = await send(
      { provider: 'simulated', model: 'simulated-1' },
      { strategy: 'summarize', maxTokens: 500 },
    );
    expect(report?.strategy).toBe('summarize');
    expect(report?.note).toContain('[Summary of the earlier conversation (1 user message and 2 model steps left out)]');
    expect(report?.note).toContain('- User: OLDEST-QUESTION read alpha');
    expect(report?.note).toContain('- Called read_file {"path":"beta.txt"}');
  });

  it('an earlier summary of the same units is reused instead of asking again', async () => {
    const earlier: HistoryReport = {
      strategy: 'summarize',
      estimatedTokens: 1,
      sentTokens: 1,
      omitted: ['u1', 'a1:step-1', 'a2:step-1'],
      note: '[Summary of the earlier conversation]\nREUSED-SUMMARY',
    };
    conversation[3].parts.push({ type: 'data-history', data: earlier });
    try {
      const { report } = await send(
        { provider: 'simulated', model: 'simulated-1' },
        { strategy: 'summarize', maxTokens: 500 },
      );
      expect(report?.note).toBe(earlier.note);
    } finally {
      conversation[3].parts.pop();
    }
  });
});
